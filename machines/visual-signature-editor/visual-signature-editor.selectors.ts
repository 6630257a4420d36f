import type { SnapshotFrom } from 'xstate'
import { chosenStandard } from './chosen-standard.ts'
import type { visualSignatureEditorMachine } from './visual-signature-editor.machine.ts'

type Snapshot = SnapshotFrom<typeof visualSignatureEditorMachine>

export const selectValues = (s: Snapshot) => s.context.values
export const selectStandards = (s: Snapshot) => s.context.standards
export const selectStandard = (s: Snapshot) => chosenStandard(s.context)
export const selectPreview = (s: Snapshot) => s.context.preview ?? undefined
export const selectPreviewError = (s: Snapshot) => s.context.previewError
export const selectNameMissing = (s: Snapshot) => s.context.nameMissing
