import { Trans, useLingui } from '@lingui/react/macro'
import type { SignatureRequestView } from '../../../contract/signature-requests.ts'
import { FormAlert } from '../form/form-alert.tsx'
import { signerLabel } from './signer-label.ts'

/**
 * Tells a signer whose turn has not come (the machine's `signature_request.not_your_turn`) who signs before
 * them, and that they are mailed when it is their turn.
 */
export function TurnNotice({
  request,
  ownSignatureId,
}: {
  request: SignatureRequestView
  ownSignatureId: string
}) {
  const { i18n } = useLingui()
  const own = request.signatures.find((s) => s.id === ownSignatureId)
  const earlier = request.signatures.filter((s) => s.status === 'OPEN' && s.sequence < (own?.sequence ?? 1))
  const names = new Intl.ListFormat(i18n.locale, { type: 'conjunction' }).format(earlier.map(signerLabel))
  return (
    <FormAlert tone="info">
      <Trans>
        Your turn comes after the earlier signers: {names}. You get an e-mail when it is your turn to sign.
      </Trans>
    </FormAlert>
  )
}
