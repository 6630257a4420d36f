import type { SignerInvite } from '../../../contract/signature-requests.ts'
import { defineDialog } from '../../ui/dialog/define-dialog.ts'
import type { Delegation } from './delegate-dialog.tsx'
import type { DeleteDocumentsProps } from './delete-documents-dialog.tsx'
import type { RemoveSignerProps } from './remove-signer-dialog.tsx'
import type { RequestDialogProps } from './request-dialog-props.ts'
import type { SaveAsTemplateProps, SaveAsTemplateValue } from './save-as-template-dialog.tsx'

/** The dialogs of SPEC §2 about a signature request. */
export const documentDialogs = {
  /** Submits the signer to invite. */
  addSigner: defineDialog<RequestDialogProps, SignerInvite>()({
    name: 'addSigner',
    namespace: 'document',
    load: () => import('./add-signer-dialog.tsx').then((m) => m.AddSignerDialog),
  }),
  removeSigner: defineDialog<RemoveSignerProps, void>()({
    name: 'removeSigner',
    namespace: 'document',
    role: 'alertdialog',
    load: () => import('./remove-signer-dialog.tsx').then((m) => m.RemoveSignerDialog),
  }),
  delegate: defineDialog<RequestDialogProps, Delegation>()({
    name: 'delegate',
    namespace: 'document',
    load: () => import('./delegate-dialog.tsx').then((m) => m.DelegateDialog),
  }),
  /** Submits the message to the signers. */
  withdraw: defineDialog<RequestDialogProps, string>()({
    name: 'withdraw',
    namespace: 'document',
    role: 'alertdialog',
    load: () => import('./withdraw-dialog.tsx').then((m) => m.WithdrawDialog),
  }),
  /** Submits the message to the sender. */
  declineSigningRequest: defineDialog<RequestDialogProps, string>()({
    name: 'declineSigningRequest',
    namespace: 'general',
    role: 'alertdialog',
    load: () => import('./decline-signing-request-dialog.tsx').then((m) => m.DeclineSigningRequestDialog),
  }),
  deleteDocuments: defineDialog<DeleteDocumentsProps, void>()({
    name: 'deleteDocuments',
    namespace: 'general',
    role: 'alertdialog',
    load: () => import('./delete-documents-dialog.tsx').then((m) => m.DeleteDocumentsDialog),
  }),
  /** Submits the template's title and a role for each signer (issue 41 §1). */
  saveAsTemplate: defineDialog<SaveAsTemplateProps, SaveAsTemplateValue>()({
    name: 'saveAsTemplate',
    namespace: 'document',
    load: () => import('./save-as-template-dialog.tsx').then((m) => m.SaveAsTemplateDialog),
  }),
}
