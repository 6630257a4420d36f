import type { BulkCheck } from '../../contract/bulk-sends.ts'

/** What the bulk send screen knows: the file chosen, its check, and the server's code of a refusal. */
export type BulkSendContext = {
  file: File | null
  check: BulkCheck | null
  /** The code of the last refused call (`bulk_send.unknown_column`); null when none was refused. */
  errorCode: string | null
}

/** What the sender does: chooses a file (again), sends its valid rows, or starts over. */
export type BulkSendEvent =
  | { type: 'file.choose'; file: File }
  | { type: 'rows.send' }
  | { type: 'file.clear' }

/** The file a call checks or sends. */
export type BulkFileInput = { file: File }
