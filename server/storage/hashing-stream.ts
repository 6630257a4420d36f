import { createHash } from 'node:crypto'
import { Readable, Transform } from 'node:stream'
import type { FileBody, PutResult } from './file-storage.ts'

/** A pass-through stream that counts and hashes what goes through it; `result()` once it has ended. */
export function hashingStream(): Transform & { result(): PutResult } {
  const hash = createHash('sha256')
  let size = 0
  let digest: string | undefined
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk)
      size += chunk.length
      callback(null, chunk)
    },
    flush(callback) {
      digest = hash.digest('hex')
      callback()
    },
  })
  return Object.assign(stream, {
    result(): PutResult {
      if (digest === undefined) throw new Error('hashingStream: result() before the end of the stream')
      return { size, sha256: digest }
    },
  })
}

/** Any {@link FileBody} as a Node readable stream. */
export function toReadable(body: FileBody): Readable {
  if (body instanceof Uint8Array) return Readable.from([body])
  if (body instanceof Readable) return body
  return Readable.from(body)
}
