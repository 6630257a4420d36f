import type { FileStorageOptions } from '../storage/create-file-storage.ts'
import type { DocumentErrorCode } from './document-error.ts'

/** What a render worker starts with. */
export type RenderWorkerData = { storage: FileStorageOptions; quality: number }

/** One page to render, sent to a worker. */
export type RenderJobMessage = { id: number; docHash: string; page: number; scale: number }

/** Where the time of one rendered page went, in milliseconds; all zero when it was already stored. */
export type RenderTiming = { renderMs: number; encodeMs: number; storeMs: number }

/** A worker's answer: the storage key of the image, or why it could not be made. */
export type RenderResultMessage =
  | ({ id: number; ok: true; key: string } & RenderTiming)
  | { id: number; ok: false; code: DocumentErrorCode | undefined; message: string }

/** Scale 100 is the page at 96 dpi (PDF points are 1/72 inch), so 1 pt becomes 4/3 px; 20 is a thumbnail. */
export function pixelsPerPoint(scale: number): number {
  return (scale / 100) * (96 / 72)
}
