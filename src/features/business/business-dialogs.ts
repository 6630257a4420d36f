import type { FairFlatMigration } from '../../../contract/billing.ts'
import type { SeatsChange } from '../../../machines/business-payment/business-payment.types.ts'
import { defineDialog } from '../../ui/dialog/define-dialog.ts'
import type { CancelSubscriptionProps } from './cancel-subscription-dialog.tsx'
import type { DeleteBusinessProps } from './delete-business-dialog.tsx'
import type { DeleteSignerGroupProps } from './delete-signer-group-dialog.tsx'
import type { ApiKeyProps, ApiUserProps } from './developers/api-user-dialogs.tsx'
import type { DowngradedProps } from './downgraded-dialog.tsx'
import type { InvitationAnswer, InvitationProps } from './invitation-dialog.tsx'
import type { LeaveBusinessProps } from './leave-business-dialog.tsx'
import type {
  FairFlatMigrationProps,
  FreeMigrationChoice,
  FreePlanDowngradeProps,
} from './legacy-plan-dialogs.tsx'
import type { LockedMemberProps } from './locked-member-dialog.tsx'
import type { RemoveMembersProps } from './remove-members-dialog.tsx'
import type { RetentionProps } from './retention-dialogs.tsx'
import type { AddSeatsValue, SeatsProps } from './seats-dialog.tsx'

const apiUsers = () => import('./developers/api-user-dialogs.tsx')
const legacyPlans = () => import('./legacy-plan-dialogs.tsx')
const retention = () => import('./retention-dialogs.tsx')
const seats = () => import('./seats-dialog.tsx')

/** The business dialogs and overlay of SPEC §2. */
export const businessDialogs = {
  invitation: defineDialog<InvitationProps, InvitationAnswer>()({
    name: 'invitation',
    namespace: 'business',
    load: () => import('./invitation-dialog.tsx').then((m) => m.InvitationDialog),
  }),
  downgraded: defineDialog<DowngradedProps, void>()({
    name: 'downgraded',
    namespace: 'business',
    dismissible: false,
    role: 'alertdialog',
    load: () => import('./downgraded-dialog.tsx').then((m) => m.DowngradedDialog),
  }),
  removeMembers: defineDialog<RemoveMembersProps, void>()({
    name: 'removeMembers',
    namespace: 'business',
    role: 'alertdialog',
    load: () => import('./remove-members-dialog.tsx').then((m) => m.RemoveMembersDialog),
  }),
  deleteBusiness: defineDialog<DeleteBusinessProps, void>()({
    name: 'deleteBusiness',
    namespace: 'business',
    role: 'alertdialog',
    load: () => import('./delete-business-dialog.tsx').then((m) => m.DeleteBusinessDialog),
  }),
  revokeDeleteBusiness: defineDialog<DeleteBusinessProps, void>()({
    name: 'revokeDeleteBusiness',
    namespace: 'business',
    load: () => import('./delete-business-dialog.tsx').then((m) => m.RevokeDeleteBusinessDialog),
  }),
  deleteSignerGroup: defineDialog<DeleteSignerGroupProps, void>()({
    name: 'deleteSignerGroup',
    namespace: 'business',
    role: 'alertdialog',
    load: () => import('./delete-signer-group-dialog.tsx').then((m) => m.DeleteSignerGroupDialog),
  }),
  lockedMember: defineDialog<LockedMemberProps, void>()({
    name: 'lockedMember',
    namespace: 'business',
    load: () => import('./locked-member-dialog.tsx').then((m) => m.LockedMemberDialog),
  }),
  leaveBusiness: defineDialog<LeaveBusinessProps, void>()({
    name: 'leaveBusiness',
    namespace: 'profile',
    role: 'alertdialog',
    load: () => import('./leave-business-dialog.tsx').then((m) => m.LeaveBusinessDialog),
  }),
  cancelSubscription: defineDialog<CancelSubscriptionProps, void>()({
    name: 'cancelSubscription',
    namespace: 'business',
    role: 'alertdialog',
    load: () => import('./cancel-subscription-dialog.tsx').then((m) => m.CancelSubscriptionDialog),
  }),
  cancelTrial: defineDialog<void, void>()({
    name: 'cancelTrial',
    namespace: 'business',
    role: 'alertdialog',
    load: () => import('./cancel-subscription-dialog.tsx').then((m) => m.CancelTrialDialog),
  }),
  removeSeats: defineDialog<SeatsProps, SeatsChange>()({
    name: 'removeSeats',
    namespace: 'business',
    load: () => seats().then((m) => m.RemoveSeatsDialog),
  }),
  addSeats: defineDialog<SeatsProps, AddSeatsValue>()({
    name: 'addSeats',
    layer: 'overlay',
    load: () => seats().then((m) => m.AddSeatsOverlay),
  }),
  /** Submits the priced offer the admin accepted. */
  fairFlatMigration: defineDialog<FairFlatMigrationProps, FairFlatMigration>()({
    name: 'fairFlatMigration',
    namespace: 'business',
    load: () => legacyPlans().then((m) => m.FairFlatMigrationDialog),
  }),
  freeMigration: defineDialog<void, FreeMigrationChoice>()({
    name: 'freeMigration',
    namespace: 'business',
    load: () => legacyPlans().then((m) => m.FreeMigrationDialog),
  }),
  freePlanDowngrade: defineDialog<FreePlanDowngradeProps, void>()({
    name: 'freePlanDowngrade',
    namespace: 'business',
    role: 'alertdialog',
    load: () => legacyPlans().then((m) => m.FreePlanDowngradeDialog),
  }),
  apiKey: defineDialog<ApiKeyProps, void>()({
    name: 'apiKey',
    namespace: 'business',
    dismissible: false,
    load: () => apiUsers().then((m) => m.ApiKeyDialog),
  }),
  resetApiKey: defineDialog<ApiUserProps, void>()({
    name: 'resetApiKey',
    namespace: 'business',
    role: 'alertdialog',
    load: () => apiUsers().then((m) => m.ResetApiKeyDialog),
  }),
  deleteApiUser: defineDialog<ApiUserProps, void>()({
    name: 'deleteApiUser',
    namespace: 'business',
    role: 'alertdialog',
    load: () => apiUsers().then((m) => m.DeleteApiUserDialog),
  }),
  /** Submits when requests end for the deletion. */
  activateRetention: defineDialog<RetentionProps, RetentionProps['terminalState']>()({
    name: 'activateRetention',
    namespace: 'general',
    role: 'alertdialog',
    load: () => retention().then((m) => m.ActivateRetentionDialog),
  }),
  deactivateRetention: defineDialog<RetentionProps, void>()({
    name: 'deactivateRetention',
    namespace: 'general',
    role: 'alertdialog',
    load: () => retention().then((m) => m.DeactivateRetentionDialog),
  }),
  part11Info: defineDialog<void, void>()({
    name: 'part11Info',
    namespace: 'general',
    load: () => import('./part11-info-dialog.tsx').then((m) => m.Part11InfoDialog),
  }),
}
