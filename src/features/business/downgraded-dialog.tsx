import { Trans } from '@lingui/react/macro'
import { BusyButton } from '../../ui/button/busy-button.tsx'
import type { DialogContentProps } from '../../ui/dialog/define-dialog.ts'
import { DialogFrame } from '../../ui/dialog/dialog-frame.tsx'

/** Props of the downgraded dialog. */
export interface DowngradedProps {
  business: string
  /** Why: an admin removed the user, or the business was deleted. */
  reason: 'removed' | 'deleted'
}

/**
 * SPEC §2 business dialog, §6: a user removed from a business, or whose business was deleted, is told once
 * that they are on their own account now. Acknowledging it is the opener's action.
 */
export function DowngradedDialog({ props, loading, submit }: DialogContentProps<DowngradedProps>) {
  const { business } = props
  return (
    <DialogFrame
      title={
        props.reason === 'deleted' ? (
          <Trans>{business} has been deleted</Trans>
        ) : (
          <Trans>You are no longer a member of {business}</Trans>
        )
      }
      description={
        <Trans>
          You now sign with your own account. The requests you sent and signed stay yours, and your free
          signatures apply again.
        </Trans>
      }
      actions={
        <BusyButton busy={loading} onClick={() => submit()}>
          <Trans>OK</Trans>
        </BusyButton>
      }
    />
  )
}
