import { Trans } from '@lingui/react/macro'
import type { DialogContentProps } from '../../ui/dialog/define-dialog.ts'
import { MessageDialog } from './message-dialog.tsx'
import type { RequestDialogProps } from './request-dialog-props.ts'

/** SPEC §2 document dialog: the sender withdraws an open request, telling the signers why. */
export function WithdrawDialog(content: DialogContentProps<RequestDialogProps, string>) {
  const { title } = content.props
  return (
    <MessageDialog
      {...content}
      heading={<Trans>Withdraw this request?</Trans>}
      description={<Trans>Nobody can sign “{title}” any more. We let the signers know.</Trans>}
      label={<Trans>Message to the signers (optional)</Trans>}
      confirm={<Trans>Withdraw request</Trans>}
    />
  )
}
