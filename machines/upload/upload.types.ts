/** Where one file the user gave stands. */
type UploadItemStatus =
  /** Waiting in the queue, or on its way to the server. */
  | 'uploading'
  /** In the draft. */
  | 'done'
  /** Refused, with the server's code (or the draft could not be made for it). */
  | 'refused'

/** One file the user gave, as the upload list shows it. */
export interface UploadItem {
  /** Stable while the item is listed; numbered in the order the files came. */
  key: number
  name: string
  /** Share of the bytes sent so far, 0 to 1. */
  progress: number
  /** The file's size in bytes, when it came from this page (not for a draft opened again). */
  size?: number
  status: UploadItemStatus
  /** Why it was refused (`document.not_pdf`, ...), when it was. */
  code?: string
  /** The document it became in the draft, once done. */
  documentId?: string
}

/** A file waiting for its turn; the first one is the file being handled. */
export interface QueuedFile {
  key: number
  file: File
}

/** The draft the files go into: made by the first file, titled after its name. */
export interface UploadDraft {
  id: string
  title: string
}

/** What the sender types besides the files. */
export interface UploadValues {
  title: string
  /** Message to the signers; may stay empty. */
  message: string
}

/** What the caller's `createDraft` actor is given: the name of the file the draft is made for. */
export interface DraftInput {
  fileName: string
}

/** What the caller's `uploadDocument` actor is given: one file for the draft. */
export interface DocumentInput {
  requestId: string
  file: File
}

/** What the caller's `sendRequest` actor is given: the title and message to save before initiating. */
export interface SendInput {
  requestId: string
  title: string
  message: string
}

/** What the caller's `removeDocument` actor is given: a document to take out of the draft. */
export interface RemoveInput {
  requestId: string
  documentId: string
}

/** What the caller's `discardDraft` actor is given: the draft to delete unless it holds a document. */
export interface DiscardInput {
  requestId: string
}

/**
 * Input of the upload machine: nothing for a new request, or the draft being made when the page is opened
 * again (its id in the URL), with the documents it holds already and the message typed so far.
 */
export interface UploadInput {
  draft?: UploadDraft & { message: string; documents: { id: string; title: string }[] }
}

/** Context of the upload machine. */
export interface UploadContext {
  /** Every file given, in order, with its progress or outcome. */
  items: UploadItem[]
  /** Files still to upload, the one being handled first. */
  queue: QueuedFile[]
  /** Null until the first file made it. */
  draft: UploadDraft | null
  values: UploadValues
  /** Code of the last failed send, cleared when the user tries again or adds files. */
  error: string | null
  /** The key the last file was given. */
  lastKey: number
  /** The key of the file whose document is being taken out of the draft. */
  removingKey: number | null
}

/** Events of the upload machine. */
export type UploadEvent =
  /** Files dropped or picked; they queue behind the ones already given. */
  | { type: 'upload.add'; files: File[] }
  /** The file being uploaded has this share of its bytes sent (0 to 1). */
  | { type: 'upload.progress'; progress: number }
  /** The sender typed; only the given values change. */
  | { type: 'upload.change'; values: Partial<UploadValues> }
  /** Take a wrongly uploaded document (its file's key) out of the draft. */
  | { type: 'upload.remove'; key: number }
  /** Stop a file (its key) being uploaded, or drop it while it waits for its turn. */
  | { type: 'upload.cancel'; key: number }
  /** Save the title and message and send the draft to its signers. */
  | { type: 'upload.send' }
  /** The page goes away: queued files are dropped, and a draft left without a document is discarded. */
  | { type: 'upload.leave' }
