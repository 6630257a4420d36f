import { Trans } from '@lingui/react/macro'
import type { DialogContentProps } from '../../ui/dialog/define-dialog.ts'
import { ConfirmFrame } from './confirm-frame.tsx'

/** Props of the delete signer group dialog. */
export interface DeleteSignerGroupProps {
  /** The group's name. */
  group: string
}

/** Issue 43: deleting a signer group of the business; the action is the opener's. */
export function DeleteSignerGroupDialog({ props, ...dialog }: DialogContentProps<DeleteSignerGroupProps>) {
  const { group } = props
  return (
    <ConfirmFrame
      dialog={dialog}
      title={<Trans>Delete the group {group}?</Trans>}
      description={
        <Trans>
          Its members stay in the business. Requests it observes no longer send it the signed documents.
        </Trans>
      }
      confirm={<Trans>Delete group</Trans>}
    />
  )
}
