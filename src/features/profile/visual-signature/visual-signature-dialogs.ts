import { defineDialog } from '../../../ui/dialog/define-dialog.ts'
import type { DeleteSignatureProps } from './delete-signature-dialog.tsx'
import type { EditSignatureProps, EditSignatureValue } from './edit-signature-overlay.tsx'

/** The visual signature's dialog and overlay of SPEC §2. */
export const visualSignatureDialogs = {
  deleteSignature: defineDialog<DeleteSignatureProps, void>()({
    name: 'deleteSignature',
    namespace: 'visualSignature',
    role: 'alertdialog',
    load: () => import('./delete-signature-dialog.tsx').then((m) => m.DeleteSignatureDialog),
  }),
  editSignature: defineDialog<EditSignatureProps, EditSignatureValue>()({
    name: 'editSignature',
    layer: 'overlay',
    load: () => import('./edit-signature-overlay.tsx').then((m) => m.EditSignatureOverlay),
  }),
}
