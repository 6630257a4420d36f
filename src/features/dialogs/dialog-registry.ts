import { type DialogRegistry, defineDialog } from '../../ui/dialog/dialog-registry.ts'
import type { OverlayRegistry } from '../../ui/overlay/overlay-registry.ts'
import { AcceptTermsDialog, type AcceptTermsProps } from './accept-terms-dialog.tsx'
import { DeleteAccountDialog } from './delete-account-dialog.tsx'
import { LeavePageDialog } from './leave-page-dialog.tsx'

/** Every dialog of SPEC §2 the app has so far, by the name screens open it with. */
export const dialogRegistry: DialogRegistry = {
  deleteAccount: defineDialog(DeleteAccountDialog),
  acceptTerms: defineDialog<AcceptTermsProps>(AcceptTermsDialog, { dismissible: false, role: 'alertdialog' }),
  leavePage: defineDialog(LeavePageDialog, { role: 'alertdialog' }),
}

/** The full-screen overlays of SPEC §2, by name; the signing and business features add theirs. */
export const overlayRegistry: OverlayRegistry = {}
