import { defineDialog } from '../../ui/dialog/define-dialog.ts'
import type { DeleteUserProps } from './delete-user-overlay.tsx'

/** SPEC §2 account deletion: the profile dialog that asks whether to go on, then the overlay that deletes. */
export const accountDeletionDialogs = {
  /** Submits the decision to go on to the deletion. */
  deleteAccount: defineDialog<void, void>()({
    name: 'deleteAccount',
    namespace: 'profile',
    role: 'alertdialog',
    load: () => import('./delete-account-dialog.tsx').then((m) => m.DeleteAccountDialog),
  }),
  /** Submits the password that confirms the deletion; its action answers `complete` once the account is gone. */
  deleteUser: defineDialog<DeleteUserProps, string>()({
    name: 'deleteUser',
    layer: 'overlay',
    load: () => import('./delete-user-overlay.tsx').then((m) => m.DeleteUserOverlay),
  }),
}
