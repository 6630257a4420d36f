import { Plural, Trans } from '@lingui/react/macro'
import type { DialogContentProps } from '../../ui/dialog/define-dialog.ts'
import { ConfirmFrame } from './confirm-frame.tsx'

/** Props of the remove members dialog. */
export interface RemoveMembersProps {
  /** The addresses of the people to remove. */
  emails: readonly string[]
}

/** SPEC §2 business dialog: removing the selected people; the removal is the opener's action. */
export function RemoveMembersDialog({ props, ...dialog }: DialogContentProps<RemoveMembersProps>) {
  return (
    <ConfirmFrame
      dialog={dialog}
      title={<Plural value={props.emails.length} one="Remove # person?" other="Remove # people?" />}
      description={
        <Trans>
          They leave the business and sign with their own accounts from now on. The requests they sent stay
          theirs.
        </Trans>
      }
      confirm={<Trans>Remove</Trans>}
    >
      <ul>
        {props.emails.map((email) => (
          <li key={email}>{email}</li>
        ))}
      </ul>
    </ConfirmFrame>
  )
}
