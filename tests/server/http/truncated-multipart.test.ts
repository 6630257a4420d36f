import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiPaths } from '../../../contract/paths.ts'
import { a4, makePdf } from '../../fixtures/make-fixtures.ts'
import { type RequestsClient, startRequestsClient, uploaded } from '../signature-requests/requests-client.ts'

/**
 * A multipart body that ends inside its file part, with no closing boundary: an attacker's one request
 * that once made the parser's stream error kill the process. Every upload route answers it 400, and the
 * server goes on serving.
 */
const truncated = [
  '--x',
  'Content-Disposition: form-data; name="file"; filename="a.pdf"',
  'Content-Type: application/pdf',
  '',
  '%PDF-1.7\n1 0 obj',
].join('\r\n')

describe('a multipart body cut off inside its file part', () => {
  let api: RequestsClient
  let owner: string
  let requestId: string

  beforeAll(async () => {
    api = await startRequestsClient('pglite')
    owner = await api.signUp('owner@example.com')
    requestId = (await api.create(owner, { title: 'Cut off', signatures: [] })).id
  })

  afterAll(async () => {
    await api?.server.stop()
  })

  /** Stored files and temporary ones (an upload is spooled while it is checked). */
  const storedFiles = async () => {
    const list = async (dir: string) =>
      (await readdir(join(api.server.dataDir, dir), { recursive: true }).catch(() => [])).length
    return (await list('files')) + (await list('tmp'))
  }

  const post = (path: string, token?: string) =>
    fetch(`${api.server.url}/api${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'multipart/form-data; boundary=x',
        ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
      },
      body: truncated,
    })

  it.each([
    ['documents', () => apiPaths.signatureRequestDocuments(requestId), true],
    ['attachments', () => apiPaths.signatureRequestAttachments(requestId), true],
    ['validate', () => apiPaths.validate(), false],
  ])('is answered 400 on %s, leaving no file, and the server goes on', async (_, path, signedIn) => {
    const before = await storedFiles()
    const response = await post(path(), signedIn ? owner : undefined)
    await api.expectError(response, 400, 'request.invalid')
    expect(await storedFiles()).toBe(before)
    // Still serving: a good upload goes through.
    await uploaded(await api.upload(owner, requestId, await makePdf([a4])))
  })
})
