import { randomUUID } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { FileBody, FileStorage } from '../storage/file-storage.ts'
import { hashingStream, toReadable } from '../storage/hashing-stream.ts'
import { documentKey } from '../storage/storage-keys.ts'
import { DocumentError, type DocumentFailure, documentFailure } from './document-error.ts'
import type { PdfInspection } from './inspect-pdf.ts'
import { limitStream } from './limit-stream.ts'

/** Options of {@link ingestDocument}. */
export type IngestOptions = {
  /** Largest document accepted, in bytes (40 MB by default in the product). */
  maxBytes: number
  /** Where the upload is spooled while it is checked, e.g. `DATA_DIR/tmp`; better on disk than tmpfs. */
  tempDir: string
  /** Checks the spooled file off the request loop: the page renderer's `inspect`. */
  inspect: (path: string) => Promise<PdfInspection | DocumentFailure>
}

/** An accepted upload: stored under `key`, content-addressed by `sha256`. */
export type IngestedDocument = PdfInspection & { key: string; sha256: string; size: number }

/**
 * Takes one uploaded file: streams it to a temp file under the size limit while hashing it, inspects it,
 * and only if it is a good PDF stores it under its content address (once: the same bytes uploaded again
 * reuse the stored file). Every refusal is a value and leaves nothing behind; other failures throw.
 */
export async function ingestDocument(
  storage: FileStorage,
  body: FileBody,
  options: IngestOptions,
): Promise<IngestedDocument | DocumentFailure> {
  await mkdir(options.tempDir, { recursive: true })
  const spool = join(options.tempDir, `upload-${randomUUID()}.pdf`)
  try {
    const hashing = hashingStream()
    try {
      await pipeline(toReadable(body), limitStream(options.maxBytes), hashing, createWriteStream(spool))
    } catch (error) {
      if (error instanceof DocumentError) return documentFailure(error.code)
      throw error
    }
    const { sha256, size } = hashing.result()
    const inspection = await options.inspect(spool)
    if (!inspection.ok) return inspection
    const key = documentKey(sha256)
    if (!(await storage.exists(key))) await storage.put(key, createReadStream(spool))
    return { ...inspection, key, sha256, size }
  } finally {
    await rm(spool, { force: true })
  }
}
