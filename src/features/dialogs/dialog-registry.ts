import { type DialogRegistry, defineDialog } from '../../ui/dialog/dialog-registry.ts'
import { defineOverlay, type OverlayRegistry } from '../../ui/overlay/overlay-registry.ts'
import {
  CancelSubscriptionDialog,
  type CancelSubscriptionProps,
  CancelTrialDialog,
} from '../business/cancel-subscription-dialog.tsx'
import {
  DeleteBusinessDialog,
  type DeleteBusinessProps,
  RevokeDeleteBusinessDialog,
} from '../business/delete-business-dialog.tsx'
import {
  ApiKeyDialog,
  type ApiKeyProps,
  type ApiUserProps,
  DeleteApiUserDialog,
  ResetApiKeyDialog,
} from '../business/developers/api-user-dialogs.tsx'
import { DowngradedDialog, type DowngradedProps } from '../business/downgraded-dialog.tsx'
import { InvitationDialog, type InvitationProps } from '../business/invitation-dialog.tsx'
import { LeaveBusinessDialog, type LeaveBusinessProps } from '../business/leave-business-dialog.tsx'
import {
  FairFlatMigrationDialog,
  type FairFlatMigrationProps,
  FreeMigrationDialog,
  FreePlanDowngradeDialog,
  type FreePlanDowngradeProps,
} from '../business/legacy-plan-dialogs.tsx'
import { LockedMemberDialog, type LockedMemberProps } from '../business/locked-member-dialog.tsx'
import { Part11InfoDialog } from '../business/part11-info-dialog.tsx'
import { RemoveMembersDialog, type RemoveMembersProps } from '../business/remove-members-dialog.tsx'
import {
  ActivateRetentionDialog,
  DeactivateRetentionDialog,
  type RetentionProps,
} from '../business/retention-dialogs.tsx'
import { AddSeatsOverlay, RemoveSeatsDialog, type SeatsProps } from '../business/seats-dialog.tsx'
import { AddSignerDialog } from '../documents/add-signer-dialog.tsx'
import { DeclineSigningRequestDialog } from '../documents/decline-signing-request-dialog.tsx'
import { DelegateDialog } from '../documents/delegate-dialog.tsx'
import { DeleteDocumentsDialog, type DeleteDocumentsProps } from '../documents/delete-documents-dialog.tsx'
import { RemoveSignerDialog, type RemoveSignerProps } from '../documents/remove-signer-dialog.tsx'
import type { RequestDialogProps } from '../documents/request-dialog-props.ts'
import { WithdrawDialog } from '../documents/withdraw-dialog.tsx'
import { identificationDialogs } from '../identification/identification-dialogs.ts'
import {
  DeleteSignatureDialog,
  type DeleteSignatureProps,
} from '../profile/visual-signature/delete-signature-dialog.tsx'
import {
  EditSignatureOverlay,
  type EditSignatureProps,
} from '../profile/visual-signature/edit-signature-overlay.tsx'
import { signingDialogs } from '../signing/signing-dialogs.ts'
import { signingOverlays } from '../signing/signing-overlays.tsx'
import { AcceptTermsDialog, type AcceptTermsProps } from './accept-terms-dialog.tsx'
import { DeleteAccountDialog } from './delete-account-dialog.tsx'
import { LeavePageDialog } from './leave-page-dialog.tsx'

/** Every dialog of SPEC §2 the app has so far, by the name screens open it with. */
export const dialogRegistry: DialogRegistry = {
  deleteAccount: defineDialog(DeleteAccountDialog),
  acceptTerms: defineDialog<AcceptTermsProps>(AcceptTermsDialog, { dismissible: false, role: 'alertdialog' }),
  leavePage: defineDialog(LeavePageDialog, { role: 'alertdialog' }),
  addSigner: defineDialog<RequestDialogProps>(AddSignerDialog),
  removeSigner: defineDialog<RemoveSignerProps>(RemoveSignerDialog, { role: 'alertdialog' }),
  delegate: defineDialog<RequestDialogProps>(DelegateDialog),
  withdraw: defineDialog<RequestDialogProps>(WithdrawDialog, { role: 'alertdialog' }),
  declineSigningRequest: defineDialog<RequestDialogProps>(DeclineSigningRequestDialog, {
    role: 'alertdialog',
  }),
  deleteDocuments: defineDialog<DeleteDocumentsProps>(DeleteDocumentsDialog, { role: 'alertdialog' }),
  ...signingDialogs,
  ...identificationDialogs,
  invitation: defineDialog<InvitationProps>(InvitationDialog),
  downgraded: defineDialog<DowngradedProps>(DowngradedDialog, { dismissible: false, role: 'alertdialog' }),
  removeMembers: defineDialog<RemoveMembersProps>(RemoveMembersDialog, { role: 'alertdialog' }),
  deleteBusiness: defineDialog<DeleteBusinessProps>(DeleteBusinessDialog, { role: 'alertdialog' }),
  revokeDeleteBusiness: defineDialog<DeleteBusinessProps>(RevokeDeleteBusinessDialog),
  lockedMember: defineDialog<LockedMemberProps>(LockedMemberDialog),
  leaveBusiness: defineDialog<LeaveBusinessProps>(LeaveBusinessDialog, { role: 'alertdialog' }),
  cancelSubscription: defineDialog<CancelSubscriptionProps>(CancelSubscriptionDialog, {
    role: 'alertdialog',
  }),
  cancelTrial: defineDialog(CancelTrialDialog, { role: 'alertdialog' }),
  removeSeats: defineDialog<SeatsProps>(RemoveSeatsDialog),
  fairFlatMigration: defineDialog<FairFlatMigrationProps>(FairFlatMigrationDialog),
  freeMigration: defineDialog(FreeMigrationDialog),
  freePlanDowngrade: defineDialog<FreePlanDowngradeProps>(FreePlanDowngradeDialog, { role: 'alertdialog' }),
  apiKey: defineDialog<ApiKeyProps>(ApiKeyDialog, { dismissible: false }),
  resetApiKey: defineDialog<ApiUserProps>(ResetApiKeyDialog, { role: 'alertdialog' }),
  deleteApiUser: defineDialog<ApiUserProps>(DeleteApiUserDialog, { role: 'alertdialog' }),
  activateRetention: defineDialog<RetentionProps>(ActivateRetentionDialog, { role: 'alertdialog' }),
  deactivateRetention: defineDialog<RetentionProps>(DeactivateRetentionDialog, { role: 'alertdialog' }),
  part11Info: defineDialog(Part11InfoDialog),
  deleteSignature: defineDialog<DeleteSignatureProps>(DeleteSignatureDialog, { role: 'alertdialog' }),
}

/** The full-screen overlays of SPEC §2, by name; the signing and business features add theirs. */
export const overlayRegistry: OverlayRegistry = {
  ...signingOverlays,
  addSeats: defineOverlay<SeatsProps>(AddSeatsOverlay),
  editSignature: defineOverlay<EditSignatureProps>(EditSignatureOverlay),
}
