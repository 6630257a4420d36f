import { Trans } from '@lingui/react/macro'
import { Button } from '../../ui/button/button.tsx'
import type { DialogContentProps } from '../../ui/dialog/define-dialog.ts'
import { DialogFrame } from '../../ui/dialog/dialog-frame.tsx'

/** SPEC §2 general dialog: leaving a page with unsaved changes; the action is leaving. */
export function LeavePageDialog({ submit, close }: DialogContentProps) {
  return (
    <DialogFrame
      title={<Trans>Leave this page?</Trans>}
      description={<Trans>Your changes are not saved. If you leave now, they are lost.</Trans>}
      actions={
        <>
          <Button variant="secondary" onClick={close}>
            <Trans>Stay on this page</Trans>
          </Button>
          <Button onClick={() => submit()}>
            <Trans>Leave without saving</Trans>
          </Button>
        </>
      }
    />
  )
}
