import { Trans } from '@lingui/react/macro'
import { Button } from '../../ui/button/button.tsx'
import type { DialogContentProps } from '../../ui/dialog/define-dialog.ts'
import { DialogFrame } from '../../ui/dialog/dialog-frame.tsx'

/** SPEC §2 profile dialog "delete account": says what deleting means and asks whether to go on. */
export function DeleteAccountDialog({ submit, close }: DialogContentProps<void, void>) {
  return (
    <DialogFrame
      title={<Trans>Delete your account?</Trans>}
      description={
        <Trans>
          Your account, your settings and your personal data will be deleted for good. This cannot be undone.
          Next, you see everything it changes and confirm with your password.
        </Trans>
      }
      actions={
        <>
          <Button variant="secondary" onClick={close}>
            <Trans>Keep my account</Trans>
          </Button>
          <Button onClick={() => submit()}>
            <Trans>Continue</Trans>
          </Button>
        </>
      }
    />
  )
}
