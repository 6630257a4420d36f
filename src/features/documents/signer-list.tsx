import { Trans, useLingui } from '@lingui/react/macro'
import { useRouteContext } from '@tanstack/react-router'
import { type ReactNode, useState } from 'react'
import {
  groupSignerAuthentications,
  type SignatureRequestView,
  type SignerAuthentication,
  signerAuthentications,
} from '../../../contract/signature-requests.ts'
import { errorCode } from '../../api/error-messages.ts'
import { formatDateTime, localeNames, resolveLocale } from '../../i18n/locales.ts'
import { BusyButton } from '../../ui/button/busy-button.tsx'
import { Button } from '../../ui/button/button.tsx'
import { openDialog } from '../../ui/dialog/open-dialog.tsx'
import { CheckboxField } from '../../ui/form/checkbox-field.tsx'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import { SelectField } from '../../ui/form/select-field.tsx'
import { EmailAddress } from '../../ui/request/email-address.tsx'
import { signerLabel } from '../../ui/request/signer-label.ts'
import { documentDialogs } from './document-dialogs.ts'
import styles from './documents.module.css'
import type { RequestActions } from './request-actions.ts'
import { requestErrorMessage } from './request-messages.ts'
import { addSigner, removeSigner, updateRequest } from './signature-request-calls.ts'
import { signerAuthenticationLabels } from './signer-authentication.ts'
import { notSignedLabel, signerStatusLabels } from './status-labels.ts'
import { useSenderGroups } from './use-sender-groups.ts'

/**
 * The signers of a request in their signing order (numbered when they sign one after the other), each with
 * their status, and the add-signer and remove-signer dialogs where the machine allows them (`actions`). While
 * the machine lets the sender set the order (a draft), they choose whether the signers sign in order and move
 * each up or down, with the buttons or by dragging, and choose how each signer confirms who they are (issue 42 §5).
 * A sender in a business with signer groups may also ask one of its groups to sign (issue 43).
 * `onChanged` runs after a change of the signers.
 */
export function SignerList({
  request,
  actions,
  showStatus,
  empty,
  onChanged,
  placingFor,
  onPlaceField,
}: {
  request: SignatureRequestView
  actions: RequestActions | undefined
  /** A draft's signers have not been asked yet, so their status says nothing. */
  showStatus: boolean
  /** What shows while there is no signer. */
  empty: ReactNode
  onChanged: () => Promise<unknown>
  /** The signer whose signature field the sender is placing now. */
  placingFor?: string
  /** Starts placing a signer's field in the viewer, for the signers the machine lets the caller place. */
  onPlaceField?: (signatureId: string) => void
}) {
  const { i18n, t } = useLingui()
  const { api, ui } = useRouteContext({ from: '__root__' })
  const locale = resolveLocale(i18n.locale, true) ?? 'en-gb'
  const { id, title } = request
  const [dragged, setDragged] = useState<string>()
  const inOrder = new Set(request.signatures.map((s) => s.sequence)).size > 1
  const mayOrder = actions?.order === true && request.signatures.length > 1
  // How each signer authenticates is settled with the signing order: while the machine lets the sender order.
  const mayAuthenticate = actions?.order === true

  // Positions from the list's order: each signer one after the one before, or at the same position as it when it
  // signs together with it (`together`); all at position 1 when the signers sign in parallel.
  const saveOrder = async (ids: readonly string[], together: ReadonlySet<string>, ordered: boolean) => {
    let position = 0
    const signatures = ids.map((signatureId, index) => {
      if (index === 0 || !together.has(signatureId)) position += 1
      return { id: signatureId, sequence: ordered ? position : 1 }
    })
    await updateRequest(api, id, { signatures })
    await onChanged()
  }
  const ids = request.signatures.map((s) => s.id)
  const authenticate = async (signatureId: string, authentication: SignerAuthentication) => {
    // The order goes with it as it is: a signer left out of `signatures` would sign at position 1.
    const signatures = request.signatures.map((s) => ({
      id: s.id,
      sequence: s.sequence,
      ...(s.id === signatureId ? { authentication } : {}),
    }))
    await updateRequest(api, id, { signatures })
    await onChanged()
  }
  const together = new Set(
    request.signatures
      .filter((s, index) => index > 0 && s.sequence === request.signatures[index - 1]?.sequence)
      .map((s) => s.id),
  )
  const move = (signatureId: string, to: number) => {
    const rest = ids.filter((other) => other !== signatureId)
    const moved = new Set([...together].filter((other) => other !== signatureId))
    void saveOrder([...rest.slice(0, to), signatureId, ...rest.slice(to)], moved, true)
  }
  const signTogether = (signatureId: string, joined: boolean) => {
    const changed = new Set(together)
    if (joined) changed.add(signatureId)
    else changed.delete(signatureId)
    void saveOrder(ids, changed, true)
  }

  const add = async () => {
    const done = await openDialog(ui, documentDialogs.addSigner, {
      props: { title },
      action: ({ value }) => addSigner(api, id, value),
    })
    if (done) await onChanged()
  }
  const remove = async (signatureId: string, signer: string) => {
    const done = await openDialog(ui, documentDialogs.removeSigner, {
      props: { title, signer },
      action: () => removeSigner(api, id, signatureId),
    })
    if (done) await onChanged()
  }

  return (
    <section className={styles.card} aria-labelledby="signers-heading">
      <h2 id="signers-heading">
        <Trans>Signers</Trans>
      </h2>
      {mayOrder ? (
        <CheckboxField
          label={<Trans>Signers sign one after the other, in this order</Trans>}
          checked={inOrder}
          onChange={(event) => void saveOrder(ids, new Set(), event.target.checked)}
        />
      ) : null}
      {request.signatures.length === 0 ? (
        <p className={styles.muted}>{empty}</p>
      ) : (
        <ol className={styles.signers} aria-label={inOrder ? t`Signing order` : undefined}>
          {request.signatures.map((signature, index) => {
            const email = signature.accountEmail
            const label = signerLabel(signature)
            const name = label === email ? '' : label
            const language = resolveLocale(signature.signerIdentityData?.language, true)
            // A signer group's signature nobody has signed yet has no address: the group's name stands for it.
            const who = email || label
            return (
              <li
                key={signature.id}
                className={styles.signer}
                draggable={mayOrder && inOrder}
                onDragStart={() => setDragged(signature.id)}
                onDragOver={(event) => {
                  if (dragged !== undefined) event.preventDefault()
                }}
                onDrop={(event) => {
                  event.preventDefault()
                  if (dragged !== undefined && dragged !== signature.id) move(dragged, index)
                  setDragged(undefined)
                }}
              >
                {inOrder ? (
                  <span className={styles.strong} title={t`Signs at position ${signature.sequence}`}>
                    {signature.sequence}.
                  </span>
                ) : null}
                <div className={`${styles.signerWho} ${styles.signerGrows}`}>
                  <span className={styles.strong}>
                    {name || <EmailAddress value={email} />}
                    {signature.group === null ? null : (
                      <>
                        {' '}
                        <span className={styles.groupMarker}>
                          <Trans>Group</Trans>
                        </span>
                      </>
                    )}
                  </span>
                  {name && email ? (
                    <span className={styles.muted}>
                      <EmailAddress value={email} />
                    </span>
                  ) : null}
                  {signature.group === null ? null : (
                    <span className={styles.muted}>
                      {signature.status === 'OPEN' ? (
                        <Trans>Signer group {signature.group.name}: any one member signs</Trans>
                      ) : (
                        <Trans>For the signer group {signature.group.name}</Trans>
                      )}
                    </span>
                  )}
                  {language ? (
                    <span className={styles.muted}>
                      <Trans>
                        Language: <span lang={language}>{localeNames[language]}</span>
                      </Trans>
                    </span>
                  ) : null}
                  {mayAuthenticate || signature.authentication === 'tan' ? null : (
                    <span className={styles.muted}>
                      {i18n._(signerAuthenticationLabels[signature.authentication])}
                    </span>
                  )}
                  {showStatus ? (
                    <span className={styles.muted}>
                      {/* An expired request waits for nobody: its open signatures were never given. */}
                      {request.statusOverall === 'EXPIRED' && signature.status === 'OPEN'
                        ? i18n._(notSignedLabel)
                        : i18n._(signerStatusLabels[signature.status])}
                      {signature.signedAt ? ` · ${formatDateTime(signature.signedAt, locale)}` : null}
                    </span>
                  ) : null}
                  {mayAuthenticate ? (
                    <SelectField
                      label={<Trans>How {label} confirms who they are</Trans>}
                      hint={
                        signature.group === null ? undefined : (
                          <Trans>
                            A group’s members sign in to their accounts: it has no address for a TAN.
                          </Trans>
                        )
                      }
                      value={signature.authentication}
                      // A group's members sign in, as the server has them (groupSignerAuthentication).
                      options={(signature.group === null
                        ? signerAuthentications
                        : groupSignerAuthentications
                      ).map((value) => ({
                        value,
                        label: i18n._(signerAuthenticationLabels[value]),
                      }))}
                      onChange={(authentication) => void authenticate(signature.id, authentication)}
                    />
                  ) : null}
                </div>
                {mayOrder && inOrder && index > 0 ? (
                  <CheckboxField
                    label={<Trans>{label} signs at the same time as the one above</Trans>}
                    checked={together.has(signature.id)}
                    onChange={(event) => signTogether(signature.id, event.target.checked)}
                  />
                ) : null}
                {mayOrder && inOrder ? (
                  <>
                    <Button
                      variant="text"
                      size="sm"
                      aria-label={t`Move ${label} up`}
                      disabled={index === 0}
                      onClick={() => move(signature.id, index - 1)}
                    >
                      ↑
                    </Button>
                    <Button
                      variant="text"
                      size="sm"
                      aria-label={t`Move ${label} down`}
                      disabled={index === ids.length - 1}
                      onClick={() => move(signature.id, index + 1)}
                    >
                      ↓
                    </Button>
                  </>
                ) : null}
                {onPlaceField && actions?.placeableSigners.has(signature.id) ? (
                  <Button
                    variant="text"
                    size="sm"
                    aria-label={t`Place field for ${label}`}
                    aria-pressed={placingFor === signature.id}
                    onClick={() => onPlaceField(signature.id)}
                  >
                    <Trans>Place field</Trans>
                  </Button>
                ) : null}
                {actions?.removableSigners.has(signature.id) ? (
                  <Button
                    variant="text"
                    size="sm"
                    aria-label={t`Remove ${who}`}
                    onClick={() => void remove(signature.id, who)}
                  >
                    <Trans>Remove</Trans>
                  </Button>
                ) : null}
              </li>
            )
          })}
        </ol>
      )}
      {actions?.addSigner ? (
        <div className={styles.addSigners}>
          <Button variant="secondary" size="sm" onClick={() => void add()}>
            <Trans>Add signer</Trans>
          </Button>
          <AddGroupSigner request={request} onChanged={onChanged} />
        </div>
      ) : null}
    </section>
  )
}

/** Asks one of the sender's signer groups that is not yet a signer of the request to sign it (any one member signs). */
function AddGroupSigner({
  request,
  onChanged,
}: {
  request: SignatureRequestView
  onChanged: () => Promise<unknown>
}) {
  const { i18n } = useLingui()
  const { api } = useRouteContext({ from: '__root__' })
  const free = useSenderGroups().filter((g) => !request.signatures.some((s) => s.group?.id === g.id))
  const [chosen, setChosen] = useState('')
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState<string>()
  const group = free.find((g) => g.id === chosen) ?? free[0]
  if (group === undefined) return null
  const addGroup = async () => {
    setBusy(true)
    setFailed(undefined)
    try {
      await addSigner(api, request.id, { groupId: group.id })
      await onChanged()
    } catch (error) {
      setFailed(errorCode(error))
    }
    setBusy(false)
  }
  return (
    <div className={styles.addGroup}>
      <SelectField
        label={<Trans>Signer group</Trans>}
        value={group.id}
        options={free.map((g) => ({ value: g.id, label: g.name }))}
        onChange={setChosen}
        disabled={busy}
      />
      <BusyButton variant="secondary" size="sm" busy={busy} onClick={() => void addGroup()}>
        <Trans>Add group</Trans>
      </BusyButton>
      {failed === undefined ? null : <FormAlert>{i18n._(requestErrorMessage(failed))}</FormAlert>}
    </div>
  )
}
