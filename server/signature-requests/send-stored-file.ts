import { Readable } from 'node:stream'
import type { Context } from 'hono'
import type { FileStorage } from '../storage/file-storage.ts'

/** `Content-Disposition` of a download named `filename` (any characters, UTF-8 encoded per RFC 6266). */
export function attachmentDisposition(filename: string): string {
  return `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`
}

/**
 * Answers a stored file as a download, streamed from storage (a client that goes away stops the read).
 * `nosniff` keeps a browser from running an uploaded file of any type as something else.
 */
export async function sendStoredFile(
  c: Context,
  storage: FileStorage,
  key: string,
  file: { contentType: string; size: number; filename: string },
): Promise<Response> {
  const stream = await storage.get(key)
  if (stream === undefined) throw new Error(`stored file ${key} is missing`)
  return c.body(Readable.toWeb(stream) as ReadableStream<Uint8Array>, 200, {
    'Content-Type': file.contentType,
    'Content-Length': String(file.size),
    'Content-Disposition': attachmentDisposition(file.filename),
    'X-Content-Type-Options': 'nosniff',
  })
}
