import { Transform } from 'node:stream'
import { DocumentError } from './document-error.ts'

/**
 * A pass-through stream that fails with `document.too_large` (413) as soon as more than `maxBytes` have
 * gone through, before the excess is passed on; put in front of a `FileStorage.put`, whose failed write
 * then leaves nothing behind.
 */
export function limitStream(maxBytes: number): Transform {
  let seen = 0
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length
      if (seen > maxBytes) callback(new DocumentError('document.too_large', `more than ${maxBytes} bytes`))
      else callback(null, chunk)
    },
  })
}
