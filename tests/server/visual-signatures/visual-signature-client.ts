import sharp from 'sharp'
import * as v from 'valibot'
import {
  type VisualSignature,
  type VisualSignatureBody,
  visualSignaturePaths,
  visualSignatureSchema,
  visualSignaturesSchema,
} from '../../../contract/visual-signatures.ts'
import type { AccountsClient } from '../accounts/accounts-client.ts'
import { readJson } from '../accounts/accounts-client.ts'

/** POST a new visual signature, expecting 201. */
export async function createSignature(
  api: AccountsClient,
  token: string,
  body: VisualSignatureBody,
): Promise<VisualSignature> {
  const answer = await api.call('POST', visualSignaturePaths.visualSignatures(), { token, body })
  return v.parse(visualSignatureSchema, await readJson(answer, 201))
}

/** GET the user's visual signatures, expecting 200. */
export async function listSignatures(api: AccountsClient, token: string): Promise<VisualSignature[]> {
  const answer = await api.call('GET', visualSignaturePaths.visualSignatures(), { token })
  return v.parse(visualSignaturesSchema, await readJson(answer)).visualSignatures
}

/** POSTs `file` as the multipart field `file` to `path` (relative to /api). */
export function postFile(
  api: AccountsClient,
  token: string | undefined,
  path: string,
  file: Uint8Array,
  filename = 'signature.png',
): Promise<Response> {
  const form = new FormData()
  form.set('file', new Blob([file as Uint8Array<ArrayBuffer>]), filename)
  return fetch(`${api.server.url}/api${path}`, {
    method: 'POST',
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
    body: form,
  })
}

/** A hand-drawn-looking stroke in dark blue on a transparent background, as a canvas would export it. */
export function scribble(format: 'png' | 'jpeg' = 'png'): Promise<Buffer> {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="160"><path d="M10 120 C 60 10, 110 10, 150 100 S 250 150, 300 40 L 390 90" fill="none" stroke="#102a66" stroke-width="8"/></svg>'
  const image = sharp(Buffer.from(svg))
  return (format === 'png' ? image.png() : image.flatten({ background: '#ffffff' }).jpeg()).toBuffer()
}

/** Width, height and raw RGBA pixels of a PNG. */
export async function pixels(png: Uint8Array): Promise<{ width: number; height: number; data: Buffer }> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  return { width: info.width, height: info.height, data }
}
