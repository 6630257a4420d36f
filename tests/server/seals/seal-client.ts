import sharp from 'sharp'
import * as v from 'valibot'
import { expect } from 'vitest'
import { type SealDetail, sealDetailSchema, sealPaths } from '../../../contract/seals.ts'
import { readJson } from '../accounts/accounts-client.ts'
import type { SigningClient } from '../signing/signing-client.ts'

/** PUT the seal `name` with `label`, expecting `status` (201 created, 200 changed). */
export async function putSeal(
  api: SigningClient,
  token: string,
  businessId: string,
  name: string,
  label: string,
  status = 201,
): Promise<SealDetail> {
  const answer = await api.call('PUT', sealPaths.seal(businessId, name), { token, body: { label } })
  return v.parse(sealDetailSchema, await readJson(answer, status))
}

/** Calls a seal endpoint that answers the seal, expecting 200. */
export async function sealCall(
  api: SigningClient,
  method: string,
  path: string,
  token: string,
  body?: unknown,
): Promise<SealDetail> {
  return v.parse(sealDetailSchema, await readJson(await api.call(method, path, { token, body })))
}

/** POSTs `file` as the multipart field `file` of the seal's image. */
export function uploadImage(
  api: SigningClient,
  token: string | undefined,
  businessId: string,
  name: string,
  file: Uint8Array,
  filename = 'seal.png',
): Promise<Response> {
  const form = new FormData()
  form.set('file', new Blob([file as Uint8Array<ArrayBuffer>]), filename)
  return fetch(`${api.server.url}/api${sealPaths.sealImage(businessId, name)}`, {
    method: 'POST',
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
    body: form,
  })
}

/** A round red stamp on a transparent square, as a PNG or JPEG of `size` pixels. */
export function stampImage(format: 'png' | 'jpeg', size = 200): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><circle cx="${size / 2}" cy="${size / 2}" r="${size / 2 - 4}" fill="none" stroke="#b00020" stroke-width="10"/><text x="50%" y="55%" font-size="${size / 5}" text-anchor="middle" fill="#b00020">ACME</text></svg>`
  const image = sharp(Buffer.from(svg))
  return (format === 'png' ? image.png() : image.flatten({ background: '#ffffff' }).jpeg()).toBuffer()
}

/** The user id of the account of `token` (GET /v1/user). */
export async function userId(api: SigningClient, token: string): Promise<string> {
  const user = await api.readUser(token)
  expect(user.id).toEqual(expect.any(String))
  return user.id
}
