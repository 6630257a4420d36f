import type { FormFieldInput, FormFieldKind } from '../../contract/form-fields.ts'
import type { SignatureField } from '../../contract/signature-fields.ts'

/** What the sender places for a signer: their signature, or one of the fields they fill. */
export type PlacedKind = 'signature' | FormFieldKind

/**
 * A signer's fields to store: the signature they belong to and one signature field per document; with
 * `formFields`, their fields besides the signature as they are now (they replace the stored ones).
 */
export interface FieldsChange {
  signatureId: string
  documentSignatures: SignatureField[]
  formFields?: FormFieldInput[]
}

/** Context of the field placement machine. */
export interface FieldPlacementContext {
  /** The signer whose field the sender is about to place by clicking a page. */
  placingFor: string | undefined
  /** The kind of field the next click places. @default 'signature' */
  kind: PlacedKind
  /** Whether the initials the next click places are asked on every page of the document. @default false */
  everyPage: boolean
  /** The change being stored, or the one that failed. */
  change: FieldsChange | undefined
  /** The latest change made while another was being stored: stored next. */
  queued: FieldsChange | undefined
  /** Why the last change could not be stored. */
  error: unknown
}

/** Events of the field placement machine. */
export type FieldPlacementEvent =
  /**
   * The sender asks to place a signer's field of `kind` (a signature without), initials on every page with
   * `everyPage`: the next click on a page puts it there.
   */
  | { type: 'field.choose'; signatureId: string; kind?: PlacedKind; everyPage?: boolean }
  /**
   * The sender clicked (or tapped) a page while choosing: the signer's signature fields with the new one,
   * or, placing a field besides the signature, their other fields with the new one.
   */
  | { type: 'field.put'; documentSignatures: SignatureField[]; formFields?: FormFieldInput[] }
  /** The sender stops choosing without placing. */
  | { type: 'field.cancel' }
  /** A field was moved, resized, removed or edited: the signer's fields as they are now. */
  | { type: 'field.change'; change: FieldsChange }
  /** The sender closes the error of a change that could not be stored. */
  | { type: 'field.dismiss' }
