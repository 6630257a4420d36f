import { Trans } from '@lingui/react/macro'
import type { DialogContentProps } from '../../ui/dialog/define-dialog.ts'
import { ConfirmFrame } from './confirm-frame.tsx'

/** Props of the cancel subscription dialog. */
export interface CancelSubscriptionProps {
  /** The end of the period paid for, written for the user's language. */
  date: string
}

/** SPEC §2: cancelling the subscription, which ends at the close of the period paid for. */
export function CancelSubscriptionDialog({ props, ...dialog }: DialogContentProps<CancelSubscriptionProps>) {
  const { date } = props
  return (
    <ConfirmFrame
      dialog={dialog}
      title={<Trans>Cancel the subscription?</Trans>}
      description={
        <Trans>
          Your plan stays until {date} and is not renewed after that; you can keep it until then. Afterwards
          your members sign with their own free signatures.
        </Trans>
      }
      confirm={<Trans>Cancel subscription</Trans>}
    />
  )
}

/** SPEC §2: ending the trial now, before its last day. */
export function CancelTrialDialog(dialog: DialogContentProps) {
  return (
    <ConfirmFrame
      dialog={dialog}
      title={<Trans>End the trial now?</Trans>}
      description={
        <Trans>
          The trial ends at once. Your members sign with their own free signatures until you choose a plan.
        </Trans>
      }
      confirm={<Trans>End the trial</Trans>}
    />
  )
}
