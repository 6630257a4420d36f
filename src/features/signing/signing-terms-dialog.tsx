import { Trans } from '@lingui/react/macro'
import { BusyButton } from '../../ui/button/busy-button.tsx'
import { Button } from '../../ui/button/button.tsx'
import type { DialogContentProps } from '../../ui/dialog/define-dialog.ts'
import { DialogFrame } from '../../ui/dialog/dialog-frame.tsx'
import { TermsLink } from '../../ui/terms/terms-link.tsx'

/** SPEC §2 terms of use dialog: what an electronic signature means, agreed to before signing. */
export function SigningTermsDialog({ loading, submit, close }: DialogContentProps) {
  return (
    <DialogFrame
      title={<Trans>Terms of use for signing</Trans>}
      description={
        <Trans>
          Your electronic signature is legally binding, like a handwritten one. By going on you agree to the
          terms of use of Signet and to your signature, name and the time of signing being added to the
          documents.
        </Trans>
      }
      actions={
        <>
          <Button variant="secondary" onClick={close} disabled={loading}>
            <Trans>Cancel</Trans>
          </Button>
          <BusyButton busy={loading} onClick={() => submit()}>
            <Trans>Agree and continue</Trans>
          </BusyButton>
        </>
      }
    >
      <TermsLink />
    </DialogFrame>
  )
}
