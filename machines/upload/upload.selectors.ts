import type { SnapshotFrom } from 'xstate'
import type { uploadMachine } from './upload.machine.ts'

/** A snapshot of the upload machine. */
export type UploadSnapshot = SnapshotFrom<typeof uploadMachine>

/** A file is queued or on its way: leaving the page asks first. */
export function selectIsUploading(snapshot: UploadSnapshot): boolean {
  return snapshot.hasTag('uploading')
}

/** The send is under way, or done and the request about to show. */
export function selectIsSending(snapshot: UploadSnapshot): boolean {
  return snapshot.matches('sending') || snapshot.matches('sent')
}

/** The draft may be sent as far as the flow goes: it holds a document and no file is on its way. */
export function selectMaySend(snapshot: UploadSnapshot): boolean {
  return snapshot.can({ type: 'upload.send' })
}
