import { Trans, useLingui } from '@lingui/react/macro'
import { useRouteContext } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { SignatureRequestView } from '../../../contract/signature-requests.ts'
import { formatDateTime, localeNames, resolveLocale } from '../../i18n/locales.ts'
import { Button } from '../../ui/button/button.tsx'
import { openDialog } from '../../ui/dialog/open-dialog.tsx'
import { signerLabel } from '../../ui/request/signer-label.ts'
import { documentDialogs } from './document-dialogs.ts'
import styles from './documents.module.css'
import type { RequestActions } from './request-actions.ts'
import { addSigner, removeSigner } from './signature-request-calls.ts'
import { notSignedLabel, signerStatusLabels } from './status-labels.ts'

/**
 * The signers of a request, each with their status, and the add-signer and remove-signer dialogs where the
 * machine allows them (`actions`). `onChanged` runs after a dialog changed the signers.
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

  const add = async () => {
    const done = await openDialog(ui, documentDialogs.addSigner, {
      props: { title },
      action: ({ value }) => addSigner(api, id, value),
    })
    if (done) await onChanged()
  }
  const remove = async (signatureId: string, email: string) => {
    const done = await openDialog(ui, documentDialogs.removeSigner, {
      props: { title, email },
      action: () => removeSigner(api, id, signatureId),
    })
    if (done) await onChanged()
  }

  return (
    <section className={styles.card} aria-labelledby="signers-heading">
      <h2 id="signers-heading">
        <Trans>Signers</Trans>
      </h2>
      {request.signatures.length === 0 ? (
        <p className={styles.muted}>{empty}</p>
      ) : (
        <ul className={styles.signers}>
          {request.signatures.map((signature) => {
            const email = signature.accountEmail
            const label = signerLabel(signature)
            const name = label === email ? '' : label
            const language = resolveLocale(signature.signerIdentityData?.language, true)
            return (
              <li key={signature.id} className={styles.signer}>
                <span className={styles.signerWho}>
                  <span className={styles.strong}>{name || email}</span>
                  {name ? <span className={styles.muted}>{email}</span> : null}
                  {language ? (
                    <span className={styles.muted}>
                      <Trans>
                        Language: <span lang={language}>{localeNames[language]}</span>
                      </Trans>
                    </span>
                  ) : null}
                  {showStatus ? (
                    <span className={styles.muted}>
                      {/* An expired request waits for nobody: its open signatures were never given. */}
                      {request.statusOverall === 'EXPIRED' && signature.status === 'OPEN'
                        ? i18n._(notSignedLabel)
                        : i18n._(signerStatusLabels[signature.status])}
                      {signature.signedAt ? ` · ${formatDateTime(signature.signedAt, locale)}` : null}
                    </span>
                  ) : null}
                </span>
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
                    aria-label={t`Remove ${email}`}
                    onClick={() => void remove(signature.id, email)}
                  >
                    <Trans>Remove</Trans>
                  </Button>
                ) : null}
              </li>
            )
          })}
        </ul>
      )}
      {actions?.addSigner ? (
        <div>
          <Button variant="secondary" size="sm" onClick={() => void add()}>
            <Trans>Add signer</Trans>
          </Button>
        </div>
      ) : null}
    </section>
  )
}
