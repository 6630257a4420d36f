import type { SignatureField } from '../../contract/signature-fields.ts'

/** A signer's fields to store: the signature they belong to and one field per document. */
export interface FieldsChange {
  signatureId: string
  documentSignatures: SignatureField[]
}

/** Context of the field placement machine. */
export interface FieldPlacementContext {
  /** The signer whose field the sender is about to place by clicking a page. */
  placingFor: string | undefined
  /** The change being stored, or the one that failed. */
  change: FieldsChange | undefined
  /** The latest change made while another was being stored: stored next. */
  queued: FieldsChange | undefined
  /** Why the last change could not be stored. */
  error: unknown
}

/** Events of the field placement machine. */
export type FieldPlacementEvent =
  /** The sender asks to place a signer's field: the next click on a page puts it there. */
  | { type: 'field.choose'; signatureId: string }
  /** The sender clicked (or tapped) a page while choosing: the signer's fields with the new one. */
  | { type: 'field.put'; documentSignatures: SignatureField[] }
  /** The sender stops choosing without placing. */
  | { type: 'field.cancel' }
  /** A field was moved, resized or removed: the signer's fields as they are now. */
  | { type: 'field.change'; change: FieldsChange }
  /** The sender closes the error of a change that could not be stored. */
  | { type: 'field.dismiss' }
