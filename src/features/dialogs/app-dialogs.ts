import { defineDialog } from '../../ui/dialog/define-dialog.ts'
import type { AcceptTermsProps } from './accept-terms-dialog.tsx'

/** The dialogs of SPEC §2 that belong to no one feature. */
export const appDialogs = {
  acceptTerms: defineDialog<AcceptTermsProps, void>()({
    name: 'acceptTerms',
    namespace: 'general',
    dismissible: false,
    role: 'alertdialog',
    load: () => import('./accept-terms-dialog.tsx').then((m) => m.AcceptTermsDialog),
  }),
  leavePage: defineDialog<void, void>()({
    name: 'leavePage',
    namespace: 'general',
    role: 'alertdialog',
    load: () => import('./leave-page-dialog.tsx').then((m) => m.LeavePageDialog),
  }),
}
