import type { VisualSignaturePermissions } from '../../contract/user.ts'
import type {
  VisualSignature,
  VisualSignatureBody,
  VisualSignatureKind,
  VisualSignaturePreviewQuery,
} from '../../contract/visual-signatures.ts'

/** One standard a visual signature's standards line can show: the SPEC short keys qual, leg and prov. */
export interface SignatureStandard {
  /** Unique among the choices; the select's value. */
  key: string
  qual: string
  leg?: string
  prov?: string
  /** What the choice reads as: the standards line itself. */
  label: string
}

/** The fields the editor changes; the standard is chosen apart, among those held. */
export type EditorValues = Omit<Required<VisualSignatureBody>, 'quality' | 'legislation' | 'provider'>

/**
 * Input of the editor: the signature to change, or null for a new one named `name`; the user's permissions
 * (SPEC §3: a flag they may not change keeps its default value); the standards held so far.
 */
export interface VisualSignatureEditorInput {
  signature: VisualSignature | null
  name: string
  permissions: VisualSignaturePermissions
  standards: SignatureStandard[]
}

/** What the editor hands on when saved: the fields, and a new image when one was drawn or chosen. */
export interface EditedSignature {
  body: VisualSignatureBody
  image?: Blob
}

/** What the preview call is given: the preview's query, and the drawn or uploaded image if any. */
export interface PreviewInput {
  query: VisualSignaturePreviewQuery
  image?: Blob
}

/** Context of the visual signature editor. */
export interface VisualSignatureEditorContext {
  values: EditorValues
  /** The chosen standard's key among `standards`; the first one when it is not held. */
  standardKey: string
  standards: SignatureStandard[]
  /** The drawn or uploaded image; null for a typed signature or before one is given. */
  image: Blob | null
  /** The last preview the server drew. */
  preview: Blob | null
  /** Why the last preview was refused (an error code); saving waits until it is fixed. */
  previewError: string | null
  /** Save was asked for without a name. */
  nameMissing: boolean
}

/** Events of the visual signature editor. */
export type VisualSignatureEditorEvent =
  | { type: 'editor.change'; change: Partial<EditorValues> }
  | { type: 'editor.chooseKind'; kind: VisualSignatureKind }
  | { type: 'editor.chooseImage'; image: Blob | null }
  | { type: 'editor.chooseStandard'; key: string }
  | { type: 'editor.standardsLoaded'; standards: SignatureStandard[] }
  | { type: 'editor.save' }
