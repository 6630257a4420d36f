import { expect } from 'vitest'
import { toCamelCase } from '../../../contract/case.ts'
import type { DocumentInfo } from '../../../contract/documents.ts'
import { apiPaths } from '../../../contract/paths.ts'
import type { SignatureRequestView } from '../../../contract/signature-requests.ts'
import { a4, makePdf } from '../../fixtures/make-fixtures.ts'
import type { SigningClient } from '../signing/signing-client.ts'

let uploads = 0

/**
 * A one-page PDF of its own content (each a point narrower than the one before), titled `title`, that the
 * caller uploads into a new draft of theirs, to make templates and requests of.
 */
export async function uploadDistinctDocument(
  api: SigningClient,
  token: string,
  title: string,
): Promise<DocumentInfo> {
  uploads += 1
  const draft = await api.call('POST', apiPaths.signatureRequests(), { token, body: { title: 'Upload' } })
  expect(draft.status).toBe(201)
  const { id } = toCamelCase(await draft.json()) as SignatureRequestView
  const form = new FormData()
  form.set('title', title)
  form.set(
    'file',
    new Blob([(await makePdf([[a4[0] - uploads, a4[1]]])) as Uint8Array<ArrayBuffer>], {
      type: 'application/pdf',
    }),
  )
  const uploaded = await fetch(`${api.server.url}/api${apiPaths.signatureRequestDocuments(id)}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  })
  const text = await uploaded.text()
  expect(uploaded.status, text).toBe(201)
  return toCamelCase(JSON.parse(text)) as DocumentInfo
}
