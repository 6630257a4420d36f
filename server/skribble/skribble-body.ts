import type { Context } from 'hono'
import * as v from 'valibot'
import { readLimited, readUpload } from '../documents/read-upload.ts'
import { ApiError } from '../http/api-error.ts'
import { readJsonBody } from '../http/read-json-body.ts'

/**
 * Reads a body of Skribble's API and validates it with `schema`, keys as Skribble writes them (`api-key`,
 * `signer_identity_data`): JSON, or, with `form`, `application/x-www-form-urlencoded` too (the login takes
 * either). A body that carries a document (`documentBytes` the upload limit) may be as large as
 * {@link skribbleBodyLimit} allows. A wrong body is 400 `request.invalid` naming the first wrong field, as every body of Signet's API.
 */
export async function readSkribbleBody<TSchema extends v.GenericSchema>(
  c: Context,
  schema: TSchema,
  { form = false, documentBytes }: { form?: boolean; documentBytes?: number } = {},
): Promise<v.InferOutput<TSchema>> {
  const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase()
  const value =
    form && type === 'application/x-www-form-urlencoded'
      ? Object.fromEntries(new URLSearchParams(await c.req.text()))
      : await readJsonBody(
          c,
          documentBytes === undefined ? undefined : skribbleBodyLimit(c.req.path, documentBytes),
        )
  const result = v.safeParse(schema, value)
  if (result.success) return result.output
  const issue = result.issues[0]
  const field = issue.path?.map(({ key }) => String(key)).join('.')
  throw new ApiError(
    400,
    'request.invalid',
    field === undefined ? issue.message : `${field}: ${issue.message}`,
    {
      field,
    },
  )
}

/**
 * The paths of Skribble's API whose JSON carries a whole document as base64 `content`: `POST /documents`,
 * `/seal`, `/sendto`, `/signature-requests` (v2 sends its document in it) and v3's
 * `/signature-requests/{id}/documents`; validation v1's `/validate/*` and `/tooling/upload`.
 */
const documentBodyPath =
  /^\/api\/skribble\/(v[23]\/(documents|seal|sendto|signature-requests|signature-requests\/[^/]+\/documents)|validation\/v1\/(validate\/(document|signature|certificate)|tooling\/upload))$/

/**
 * The largest JSON body at `path` when it carries a document (else undefined: the limit of every body): a
 * document of the upload limit `documentBytes` as base64, and 64 KiB for the rest of the body.
 */
export function skribbleBodyLimit(path: string, documentBytes: number): number | undefined {
  return documentBodyPath.test(path) ? Math.ceil(documentBytes / 3) * 4 + 64 * 1024 : undefined
}

const contentSchema = v.object({ content: v.pipe(v.string(), v.minLength(1), v.base64('must be base64')) })

/**
 * The file a call of Skribble's validation API sends as `content`: base64 in JSON, or the multipart part
 * named `content`, at most `maxBytes` (413 `document.too_large` past it).
 */
export async function readSkribbleContent(c: Context, maxBytes: number): Promise<Uint8Array> {
  const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase()
  if (type === 'multipart/form-data') {
    const upload = await readUpload(c.req.raw, (file) => readLimited(file, maxBytes), 'content')
    if (upload.filename === undefined) {
      throw new ApiError(400, 'request.invalid', 'content: send the file in a part named content', {
        field: 'content',
      })
    }
    if (upload.file === undefined) throw tooLarge(maxBytes)
    return upload.file
  }
  const { content } = await readSkribbleBody(c, contentSchema, { documentBytes: maxBytes })
  const bytes = Buffer.from(content, 'base64')
  if (bytes.byteLength > maxBytes) throw tooLarge(maxBytes)
  return bytes
}

const tooLarge = (maxBytes: number) =>
  new ApiError(413, 'document.too_large', `The file is larger than ${maxBytes} bytes`)
