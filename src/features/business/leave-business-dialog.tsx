import { Trans } from '@lingui/react/macro'
import type { DialogContentProps } from '../../ui/dialog/define-dialog.ts'
import { ConfirmFrame } from './confirm-frame.tsx'

/** Props of the leave business dialog. */
export interface LeaveBusinessProps {
  business: string
}

/** SPEC §2 profile dialog: leaving the business; the action is the opener's. */
export function LeaveBusinessDialog({ props, ...dialog }: DialogContentProps<LeaveBusinessProps>) {
  const { business } = props
  return (
    <ConfirmFrame
      dialog={dialog}
      title={<Trans>Leave {business}?</Trans>}
      description={
        <Trans>
          You sign with your own account from then on. The requests you sent stay yours. To come back, you
          need a new invitation.
        </Trans>
      }
      confirm={<Trans>Leave business</Trans>}
    />
  )
}
