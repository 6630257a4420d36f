import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiPaths } from '../../../contract/paths.ts'
import type { AttachmentInfo, SignatureRequestView } from '../../../contract/signature-requests.ts'
import { featureDrivers } from '../test-database.ts'
import { answer, type RequestsClient, startRequestsClient, testLimits } from './requests-client.ts'

const unknownId = '00000000-0000-4000-8000-000000000000'
const text = (value: string) => new TextEncoder().encode(value)

describe.each(featureDrivers)('attachments of signature requests on %s', (driver) => {
  let api: RequestsClient
  let owner: string
  let signer: string
  let cosigner: string
  let stranger: string

  beforeAll(async () => {
    api = await startRequestsClient(driver)
    owner = await api.signUp('sender@example.com')
    signer = await api.signUp('signer@example.com')
    cosigner = await api.signUp('cosigner@example.com')
    stranger = await api.signUp('stranger@example.com')
  })

  afterAll(async () => {
    await api?.server.stop()
  })

  const storedFiles = async () =>
    (
      await readdir(join(api.server.dataDir, 'files', 'documents'), { recursive: true }).catch(() => [])
    ).filter((name) => name.endsWith('.pdf'))

  async function request(title: string): Promise<SignatureRequestView> {
    return api.create(owner, {
      title,
      signatures: [{ account_email: 'signer@example.com' }, { account_email: 'cosigner@example.com' }],
    })
  }

  /** A request sent to its signers, who may attach files to it from then on. */
  async function sent(title: string): Promise<SignatureRequestView> {
    const draft = await request(title)
    return answer(await api.call('POST', apiPaths.initiateSignatureRequest(draft.id), { token: owner }))
  }

  it('attaches files of any type, lists them with the request and serves them back', async () => {
    const { id } = await sent('With attachments')
    const note = await answer<AttachmentInfo>(
      await api.attach(owner, id, text('Terms, version 2'), 'terms.txt', 'text/plain'),
      201,
    )
    expect(note).toMatchObject({ title: 'terms.txt', size: 16, contentType: 'text/plain' })
    api.clock.advance(1000)
    const scan = await answer<AttachmentInfo>(
      await api.attach(signer, id, new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), 'id.jpg', 'image/jpeg', 'My ID'),
      201,
    )
    expect(scan).toMatchObject({ title: 'My ID', contentType: 'image/jpeg' })

    const seen = await api.getRequest(cosigner, id)
    expect(seen.attachments.map((a) => a.id)).toEqual([note.id, scan.id])
    const content = await api.call('GET', apiPaths.signatureRequestAttachmentContent(id, note.id), {
      token: cosigner,
    })
    expect(content.status).toBe(200)
    expect(content.headers.get('content-type')).toBe('text/plain')
    expect(content.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''terms.txt")
    expect(content.headers.get('x-content-type-options')).toBe('nosniff')
    expect(await content.text()).toBe('Terms, version 2')
  })

  it('lets the uploader or the owner remove an attachment, and removes its file with the last reference', async () => {
    const { id } = await sent('Remove attachments')
    const before = await storedFiles()
    const mine = await answer<AttachmentInfo>(
      await api.attach(signer, id, text('signer file'), 'a.txt', 'text/plain'),
      201,
    )
    const owners = await answer<AttachmentInfo>(
      await api.attach(owner, id, text('owner file'), 'b.txt', 'text/plain'),
      201,
    )
    expect(await storedFiles()).toHaveLength(before.length + 2)

    const remove = (attachmentId: string, token: string) =>
      api.call('DELETE', apiPaths.signatureRequestAttachment(id, attachmentId), { token })
    await api.expectError(await remove(owners.id, signer), 409, 'signature_request.not_owner')
    await api.expectError(await remove(owners.id, cosigner), 409, 'signature_request.not_owner')
    await api.expectError(await remove(owners.id, stranger), 404, 'signature_request.not_found')
    await api.expectError(await remove(unknownId, owner), 404, 'attachment.not_found')
    expect((await remove(mine.id, signer)).status).toBe(204)
    expect((await remove(owners.id, owner)).status).toBe(204)
    expect((await api.getRequest(owner, id)).attachments).toEqual([])
    expect(await storedFiles()).toHaveLength(before.length)
    await api.expectError(
      await api.call('GET', apiPaths.signatureRequestAttachmentContent(id, mine.id), { token: owner }),
      404,
      'attachment.not_found',
    )
  })

  it('refuses strangers, empty and oversized files, missing parts, and ended requests', async () => {
    const { id } = await request('Refusals')
    const before = await storedFiles()
    await api.expectError(
      await api.attach(stranger, id, text('x'), 'x.txt', 'text/plain'),
      404,
      'signature_request.not_found',
    )
    await api.expectError(
      await api.attach(owner, id, new Uint8Array(0), 'empty.txt', 'text/plain'),
      422,
      'attachment.empty',
    )
    const tooLarge = new Uint8Array(testLimits.maxDocumentBytes + 1).fill(65)
    await api.expectError(
      await api.attach(owner, id, tooLarge, 'big.bin', 'application/octet-stream'),
      413,
      'attachment.too_large',
    )
    const noFile = await fetch(`${api.server.url}/api${apiPaths.signatureRequestAttachments(id)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner}` },
      body: new FormData(),
    })
    await api.expectError(noFile, 400, 'request.invalid', 'file')
    await api.expectError(
      await api.call('POST', apiPaths.signatureRequestAttachments(id), { token: owner, body: {} }),
      415,
      'request.unsupported_media_type',
    )
    const kept = await answer<AttachmentInfo>(
      await api.attach(owner, id, text('kept'), 'kept.txt', 'text/plain'),
      201,
    )
    await api.expectError(
      await api.call('GET', apiPaths.signatureRequestAttachmentContent(id, kept.id), { token: stranger }),
      404,
      'signature_request.not_found',
    )
    expect((await api.getRequest(owner, id)).attachments.map((a) => a.id)).toEqual([kept.id])
    expect(await storedFiles()).toHaveLength(before.length + 1)
  })

  it('keeps the attachments of an ended request, and deletes them with the request', async () => {
    const { id } = await request('Ends')
    const kept = await answer<AttachmentInfo>(
      await api.attach(owner, id, text('record'), 'r.txt', 'text/plain'),
      201,
    )
    const before = await storedFiles()
    await api.call('POST', apiPaths.initiateSignatureRequest(id), { token: owner })
    await api.call('POST', apiPaths.withdrawSignatureRequest(id), { token: owner, body: {} })
    expect((await api.getRequest(owner, id)).statusOverall).toBe('WITHDRAWN')
    await api.expectError(
      await api.attach(owner, id, text('late'), 'late.txt', 'text/plain'),
      409,
      'signature_request.ended',
    )
    await api.expectError(
      await api.call('DELETE', apiPaths.signatureRequestAttachment(id, kept.id), { token: owner }),
      409,
      'signature_request.ended',
    )
    // The request, and its attachment, go with the last participant who takes it off their list.
    expect((await api.call('DELETE', apiPaths.signatureRequest(id), { token: owner })).status).toBe(204)
    expect(await storedFiles()).toHaveLength(before.length)
    for (const token of [signer, cosigner]) {
      expect((await api.call('DELETE', apiPaths.signatureRequest(id), { token })).status).toBe(204)
    }
    expect(await storedFiles()).toHaveLength(before.length - 1)
  })
})
