import { Trans } from '@lingui/react/macro'
import type { DialogContentProps } from '../../ui/dialog/define-dialog.ts'
import { MessageDialog } from './message-dialog.tsx'
import type { RequestDialogProps } from './request-dialog-props.ts'

/** SPEC §2 general dialog: a signer declines to sign, telling the others why. */
export function DeclineSigningRequestDialog(content: DialogContentProps<RequestDialogProps, string>) {
  const { title } = content.props
  return (
    <MessageDialog
      {...content}
      heading={<Trans>Decline this signing request?</Trans>}
      description={<Trans>“{title}” ends for everyone when you decline. We let the sender know.</Trans>}
      label={<Trans>Why do you decline? (optional)</Trans>}
      confirm={<Trans>Decline request</Trans>}
    />
  )
}
