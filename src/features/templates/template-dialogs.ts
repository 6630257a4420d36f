import { defineDialog } from '../../ui/dialog/define-dialog.ts'
import type { DeleteTemplateProps } from './delete-template-dialog.tsx'

/** The dialogs of the templates screens. */
export const templateDialogs = {
  deleteTemplate: defineDialog<DeleteTemplateProps, void>()({
    name: 'deleteTemplate',
    namespace: 'document',
    role: 'alertdialog',
    load: () => import('./delete-template-dialog.tsx').then((m) => m.DeleteTemplateDialog),
  }),
}
