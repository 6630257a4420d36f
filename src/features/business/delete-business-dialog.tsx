import { Trans } from '@lingui/react/macro'
import { deletionGraceDays } from '../../../contract/businesses.ts'
import type { DialogContentProps } from '../../ui/dialog/define-dialog.ts'
import { ConfirmFrame } from './confirm-frame.tsx'

/** Props of the delete and revoke-delete business dialogs. */
export interface DeleteBusinessProps {
  business: string
  /** The scheduled day, written for the user's language, when taking a deletion back. */
  date?: string
}

/** SPEC §2: scheduling the business's deletion, which waits 30 days; the action is the opener's. */
export function DeleteBusinessDialog({ props, ...dialog }: DialogContentProps<DeleteBusinessProps>) {
  const { business } = props
  return (
    <ConfirmFrame
      dialog={dialog}
      title={<Trans>Delete {business}?</Trans>}
      description={
        <Trans>
          The business is deleted in {deletionGraceDays} days; until then any admin can take this back. Then
          its members become individual users, and the requests they sent stay theirs. Every admin gets a
          mail.
        </Trans>
      }
      confirm={<Trans>Delete business</Trans>}
    />
  )
}

/** SPEC §2: taking a scheduled deletion back. */
export function RevokeDeleteBusinessDialog({ props, ...dialog }: DialogContentProps<DeleteBusinessProps>) {
  const { business, date } = props
  return (
    <ConfirmFrame
      dialog={dialog}
      title={<Trans>Keep {business}?</Trans>}
      description={
        <Trans>The deletion planned for {date} is cancelled, and everything stays as it is.</Trans>
      }
      confirm={<Trans>Keep the business</Trans>}
    />
  )
}
