import { Readable } from 'node:stream'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import busboy from 'busboy'
import { ApiError } from '../http/api-error.ts'

/**
 * What a multipart upload carried: what `onFile` made of the `file` part (if any), its name and the
 * content type the client gave it, and the text fields.
 */
export type Upload<T> = {
  file: T | undefined
  filename: string | undefined
  mimeType: string | undefined
  fields: Record<string, string>
}

/**
 * Parses a `multipart/form-data` request as it streams in and hands the first part named `part` (`file`
 * unless named) to `onFile` as a stream, so no more of an upload is in memory than the parser's buffer; other file parts
 * are skipped. Resolves once the body is read and `onFile` has settled, or as soon as `onFile` settles
 * without reading its stream to the end (a refused upload: the rest of the body is discarded). A body that
 * is not multipart is 415 `request.unsupported_media_type`; a broken one 400 `request.invalid`.
 */
export function readUpload<T>(
  request: Request,
  onFile: (file: Readable) => Promise<T>,
  part = 'file',
): Promise<Upload<T>> {
  const contentType = request.headers.get('content-type') ?? ''
  if (!/^multipart\/form-data\b/i.test(contentType) || request.body === null) {
    throw new ApiError(415, 'request.unsupported_media_type', 'Send the file as multipart/form-data')
  }
  const parser = createParser(contentType)
  const source = Readable.fromWeb(request.body as WebReadableStream<Uint8Array>)
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {}
    let handling: Promise<T> | undefined
    let fileStream: Readable | undefined
    let parsed = false
    let filename: string | undefined
    let mimeType: string | undefined
    const finish = (file: T | undefined) => resolve({ file, filename, mimeType, fields })
    // The answer waits for the file's handler to settle, so that what it spooled is cleaned up first.
    const stop = (error: unknown) => {
      source.unpipe(parser)
      source.resume()
      fileStream?.destroy(error instanceof Error ? error : new Error(String(error)))
      const settled = handling ?? Promise.resolve()
      settled.then(
        () => reject(error),
        () => reject(error),
      )
    }
    parser.on('field', (name, value) => {
      fields[name] = value
    })
    parser.on('file', (name, stream, info) => {
      // A body cut off inside this part errors the part's stream as well as the parser: the parser's error
      // answers the request (400), and the part's must not go unhandled, which would stop the process.
      stream.on('error', () => {})
      if (name !== part || handling !== undefined) {
        stream.resume()
        return
      }
      filename = info.filename
      mimeType = info.mimeType
      fileStream = stream
      handling = onFile(stream)
      handling.then((file) => {
        if (parsed) finish(file)
        else if (!stream.readableEnded) {
          source.unpipe(parser)
          source.resume()
          finish(file)
        }
      }, stop)
    })
    parser.on('close', () => {
      parsed = true
      if (handling === undefined) finish(undefined)
      else handling.then(finish, () => {})
    })
    parser.on('error', (error) =>
      stop(new ApiError(400, 'request.invalid', `Unreadable multipart body: ${(error as Error).message}`)),
    )
    source.on('error', stop)
    source.pipe(parser)
  })
}

function createParser(contentType: string): busboy.Busboy {
  try {
    return busboy({
      headers: { 'content-type': contentType },
      limits: { files: 1, fields: 10, fieldSize: 4096, parts: 12 },
    })
  } catch (error) {
    throw new ApiError(400, 'request.invalid', `Unreadable multipart body: ${(error as Error).message}`)
  }
}

/** The whole of an uploaded file in memory, or undefined (and the rest discarded) once it passes `maxBytes`. */
export async function readLimited(file: Readable, maxBytes: number): Promise<Uint8Array | undefined> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of file as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > maxBytes) {
      file.destroy()
      return undefined
    }
    chunks.push(chunk)
  }
  return Buffer.concat(chunks)
}
