import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate, useRouteContext } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import type { SignatureField } from '../../../contract/signature-fields.ts'
import type { SignatureRequestView } from '../../../contract/signature-requests.ts'
import { selectDirectSign } from '../../../machines/session/session.selectors.ts'
import { directToken } from '../../app/direct-sign.ts'
import { BusyButton } from '../../ui/dialog/dialog-frame.tsx'
import { showSnackbar } from '../../ui/snackbar/show-snackbar.ts'
import { prepareSigning } from './prepare-signing.ts'
import { runSigning } from './run-signing.ts'
import { signingCalls } from './signing-calls.ts'
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
}

/** Whether the caller may sign the request now: it is OPEN and so is the caller's own signature. */
export function canSign(request: SignatureRequestView): boolean {
  return request.statusOverall === 'OPEN' && request.signatureStatus === 'OPEN'
}

/**
 * The sign button of a request (SPEC §2): the dialogs before signing where they apply, then the
 * signing machine with its overlays, for an account or a direct-link signer alike.
 */
export function SignAction({ request, onSigned, successDetail, documentSignatures }: SignActionProps) {
  const { api, queryClient, session, ui } = useRouteContext({ from: '__root__' })
  const direct = useSelector(session, selectDirectSign)
  const navigate = useNavigate()
  const { i18n } = useLingui()
  const [busy, setBusy] = useState(false)
  // The running flow belongs to this request's page: leaving it (or going to another request) ends it.
  const flow = useRef<AbortController>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: another request on the same screen ends the flow too
  useEffect(() => () => flow.current?.abort(), [request.id])
  if (!canSign(request)) return null

  const sign = async () => {
    const leaving = new AbortController()
    flow.current = leaving
    setBusy(true)
    try {
      const calls = signingCalls(
        api,
        queryClient,
        direct ? { session: direct, token: directToken(direct) } : null,
      )
      const signer = await calls.loadSigner()
      const signingName = await prepareSigning({
        ui,
        calls,
        signer,
        onUpgradeStandards: () => void navigate({ to: '/profile/signature-standards' }),
      })
      if (signingName === null) return
      await runSigning({
        signal: leaving.signal,
        ui,
        calls,
        requestId: request.id,
        requestTitle: request.title,
        signingName,
        documentSignatures,
        language: i18n.locale,
        credit: {
          isFreeUser: signer.isFreeUser,
          freeSignaturesRemaining: signer.freeSignaturesRemaining,
          isDirectSign: direct !== null,
        },
        onSigned,
        onUpgrade: () => void navigate({ to: '/upgrade' }),
        successDetail,
      })
    } catch (error) {
      showSnackbar(ui.snackbars, { message: signingErrorMessage(error), color: 'error' })
    } finally {
      setBusy(false)
    }
  }

  return (
    <BusyButton size="lg" busy={busy} onClick={() => void sign()}>
      <Trans>Sign</Trans>
    </BusyButton>
  )
}
