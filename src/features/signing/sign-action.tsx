import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useNavigate, useRouteContext } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import type { Seal } from '../../../contract/seals.ts'
import type { SignatureField } from '../../../contract/signature-fields.ts'
import type { SignatureRequestView } from '../../../contract/signature-requests.ts'
import { selectCanSign } from '../../../machines/form-filling/form-filling.selectors.ts'
import { formValues } from '../../../machines/form-filling/form-values.ts'
import { selectDirectSign } from '../../../machines/session/session.selectors.ts'
import { ApiError } from '../../api/client.ts'
import { getUserQueryOptions, memberBusiness } from '../../api/user.ts'
import { directToken } from '../../app/direct-sign.ts'
import { BusyButton } from '../../ui/button/busy-button.tsx'
import type { FormFillingActor } from '../../ui/form-fields/use-form-filling.ts'
import { showSnackbar } from '../../ui/snackbar/show-snackbar.ts'
import styles from './signing.module.css'
import { signingErrorMessage } from './signing-messages.ts'

/** What the screens that show a request give the signing flow. */
export type SignActionProps = {
  /** The request to sign; the action shows only while the caller's own signature is OPEN. */
  request: SignatureRequestView
  /** Called after the request was signed (or declined), so the screen reloads the request. */
  onSigned: () => void
  /** Shown in the signing success overlay under its message (a direct signer's redirect countdown). */
  successDetail?: ReactNode
  /** Where the signature goes on each document, as the signer sees it on the page. */
  documentSignatures?: SignatureField[]
  /** The signer's fields besides the signature: Sign waits until the required ones are filled. */
  form: FormFillingActor
  /** The seals of their business the signer may seal with instead (an account's, see `useOwnSeals`); none by default. */
  seals?: readonly Seal[]
}

/** The advanced or qualified quality the request asks of its signers, if any. */
function askedQuality({ quality }: SignatureRequestView): 'aes' | 'qes' | undefined {
  return quality === 'aes' || quality === 'qes' ? quality : undefined
}

/** Whether the caller may sign the request now: it is OPEN and so is the caller's own signature. */
export function canSign(request: SignatureRequestView): boolean {
  return request.statusOverall === 'OPEN' && request.signatureStatus === 'OPEN'
}

/**
 * The sign button of a request (SPEC §2): the dialogs before signing where they apply, then the
 * signing machine with its overlays, for an account or a direct-link signer alike. A member allowed on
 * seals of their business chooses beside it whether to sign in their own name or to seal: a seal needs
 * none of the dialogs, as its certificate and appearance name the organisation.
 */
export function SignAction({
  request,
  onSigned,
  successDetail,
  documentSignatures,
  form,
  seals = [],
}: SignActionProps) {
  const { api, queryClient, session, ui } = useRouteContext({ from: '__root__' })
  const direct = useSelector(session, selectDirectSign)
  const navigate = useNavigate()
  const { i18n } = useLingui()
  const [busy, setBusy] = useState(false)
  // The running flow belongs to this request's page: leaving it (or going to another request) ends it.
  const flow = useRef<AbortController>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: another request on the same screen ends the flow too
  useEffect(() => () => flow.current?.abort(), [request.id])
  // A direct-link signer has no account (and no business): their session must not ask for one.
  const { data: user } = useQuery({ ...getUserQueryOptions(api), enabled: direct === null })
  const [sealName, setSealName] = useState('')
  const formFilled = useSelector(form, selectCanSign)
  if (!canSign(request)) return null
  const seal = seals.find((found) => found.name === sealName)

  const sign = async () => {
    const leaving = new AbortController()
    flow.current = leaving
    setBusy(true)
    try {
      // The signing flow's code (its calls, machines, dialogs and overlays: the mobile number's step with its
      // phone number rules among them) comes when the user signs, not with the page that shows the button.
      const [{ calls, signer }, { prepareSigning }, { runSigning }] = await Promise.all([
        import('./signing-calls.ts').then(async ({ signingCalls }) => {
          const calls = signingCalls(
            api,
            queryClient,
            direct ? { session: direct, token: directToken(direct) } : null,
          )
          return { calls, signer: await calls.loadSigner() }
        }),
        import('./prepare-signing.ts'),
        import('./run-signing.ts'),
      ])
      const signingName = seal
        ? seal.label
        : await prepareSigning({
            ui,
            calls,
            signer,
            requestId: request.id,
            onUpgradeStandards: () => void navigate({ to: '/profile/signature-standards' }),
          })
      if (signingName === null) return
      let signed = false
      await runSigning({
        signal: leaving.signal,
        ui,
        calls,
        requestId: request.id,
        requestTitle: request.title,
        signingName,
        documentSignatures,
        formValues: formValues(form.getSnapshot().context),
        onRefused: (error) => {
          if (error instanceof ApiError && error.field !== undefined)
            form.send({ type: 'form.refused', field: error.field })
        },
        seal: seal ? { accountName: seal.name, label: seal.label } : undefined,
        signerName: signer.suggestedName,
        language: i18n.locale,
        part11Defaults: {
          signingName: user?.attributes.p11_signing_name?.[0] ?? signingName,
          signingReason: user?.attributes.p11_signing_reason?.[0] ?? '',
        },
        credit: {
          isFreeUser: signer.isFreeUser,
          freeSignaturesRemaining: signer.freeSignaturesRemaining,
          isDirectSign: direct !== null,
        },
        onSigned: () => {
          signed = true
          onSigned()
        },
        onUpgrade: () => void navigate({ to: '/upgrade' }),
        onNavigate: (path) => void navigate({ href: path }),
        requestQuality: askedQuality(request),
        successDetail,
      })
      // A member of a business who signed in their own name, once the success overlay has closed.
      const member = direct === null && memberBusiness(user) !== null
      if (signed && !seal && member) {
        void import('../surveys/ask-survey.ts').then(({ askSurveyIfDue }) =>
          askSurveyIfDue({ api, queryClient, ui }, 'transactional'),
        )
      }
    } catch (error) {
      showSnackbar(ui.snackbars, { message: signingErrorMessage(error), color: 'error' })
    } finally {
      setBusy(false)
    }
  }

  const button = (
    <BusyButton size="lg" busy={busy} disabled={!formFilled} onClick={() => void sign()}>
      {seal ? <Trans>Seal</Trans> : <Trans>Sign</Trans>}
    </BusyButton>
  )
  if (seals.length === 0) return button
  return (
    <span className={styles.signAs}>
      <label>
        <Trans>Sign as</Trans>
        <select value={sealName} disabled={busy} onChange={(event) => setSealName(event.target.value)}>
          <option value="">{i18n._(msg`Yourself`)}</option>
          {seals.map((choice) => (
            <option key={choice.name} value={choice.name}>
              {i18n._(msg`Seal: ${choice.label}`)}
            </option>
          ))}
        </select>
      </label>
      {button}
    </span>
  )
}
