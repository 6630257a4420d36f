import { Trans } from '@lingui/react/macro'
import { Button } from '../../ui/button/button.tsx'
import type { DialogContentProps } from '../../ui/dialog/define-dialog.ts'
import { DialogFrame } from '../../ui/dialog/dialog-frame.tsx'

/** SPEC §2 general dialog "part 11 info": what signing under 21 CFR Part 11 asks of the signers. */
export function Part11InfoDialog({ close }: DialogContentProps) {
  return (
    <DialogFrame
      title={<Trans>Signing under FDA 21 CFR Part 11</Trans>}
      description={
        <Trans>
          Part 11 is the rule of the US Food and Drug Administration for electronic records and signatures in
          regulated work, such as clinical trials and drug manufacturing.
        </Trans>
      }
      actions={
        <Button onClick={close}>
          <Trans>Understood</Trans>
        </Button>
      }
    >
      <ul>
        <li>
          <Trans>
            Everyone who signs a request of your business enters their password again for each signing.
          </Trans>
        </li>
        <li>
          <Trans>
            They give their printed name and the meaning of the signature, such as approval, review or
            authorship.
          </Trans>
        </li>
        <li>
          <Trans>
            The signed document and the signature report record the name, the meaning and the time of each
            signature.
          </Trans>
        </li>
        <li>
          <Trans>
            People without an account, who sign through a direct link, confirm with the code mailed to them
            instead of a password.
          </Trans>
        </li>
      </ul>
    </DialogFrame>
  )
}
