import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { toCamelCase } from '../../../contract/case.ts'
import { apiPaths } from '../../../contract/paths.ts'
import { boxesOverlap, type SignatureField } from '../../../contract/signature-fields.ts'
import type { SignatureRequestView } from '../../../contract/signature-requests.ts'
import { makeAgreementPdf } from '../../fixtures/make-fixtures.ts'
import { featureDrivers } from '../test-database.ts'
import {
  compareRasters,
  makePdf,
  pdfsig,
  rasterize,
  removeTemporaryDirectories,
  temporaryDirectory,
} from './pdf-tools.ts'
import { type SigningClient, startSigningClient } from './signing-client.ts'

afterAll(removeTemporaryDirectories)

// Fields as the API takes them (snake_case).
const wire = (fields: SignatureField[]) =>
  fields.map(({ documentId, ...box }) => ({ document_id: documentId, ...box }))

describe.each(featureDrivers)('signature fields on %s', (driver) => {
  let api: SigningClient
  let owner: string
  let signer: string
  let stranger: string
  let dir: string
  const ownerEmail = 'fields-owner@example.com'
  const signerEmail = 'fields-signer@example.com'
  const cosignerEmail = 'fields-cosigner@example.com'

  beforeAll(async () => {
    api = await startSigningClient(driver)
    owner = await api.signUp(ownerEmail)
    signer = await api.signUp(signerEmail)
    await api.signUp(cosignerEmail)
    stranger = await api.signUp('fields-stranger@example.com')
    dir = temporaryDirectory(`signature-fields-${driver}`)
  })

  afterAll(async () => {
    await api?.server.stop()
  })

  const place = (token: string, request: SignatureRequestView, signatureId: string, fields: unknown) =>
    api.call('PUT', apiPaths.signatureRequestSignature(request.id, signatureId), {
      token,
      body: { document_signatures: fields },
    })
  const signatureOf = (request: SignatureRequestView, email: string) => {
    const found = request.signatures.find((s) => s.accountEmail === email)
    if (found === undefined) throw new Error(`${email} does not sign`)
    return found
  }

  it('suggests a field per signer in the empty area under the last text, none overlapping', async () => {
    const request = await api.openRequest(
      owner,
      'Suggested',
      [signerEmail, cosignerEmail],
      [await makePdf(2)],
    )
    const fields = request.signatures.map((s) => {
      expect(s.fieldsPlaced).toBe(false)
      expect(s.documentSignatures).toHaveLength(1)
      return s.documentSignatures[0] as SignatureField
    })
    const [first, second] = fields
    if (first === undefined || second === undefined) throw new Error('no fields')
    // The last page; its only text is the heading at y 760, so the fields sit under it.
    expect(fields.map((f) => [f.page, f.width, f.height])).toEqual([
      [1, 300, 140],
      [1, 300, 140],
    ])
    expect(fields.every((f) => f.y + f.height < 760)).toBe(true)
    expect(boxesOverlap(first, second)).toBe(false)
    // The signer sees the same suggestion for themselves.
    const seen = await api.getRequest(signer, request.id)
    expect(signatureOf(seen, signerEmail).documentSignatures).toEqual(
      signatureOf(request, signerEmail).documentSignatures,
    )
  })

  it('answers each page’s text for screen readers, to those who may see the document', async () => {
    const request = await api.openRequest(owner, 'Readable', [signerEmail], [await makeAgreementPdf()])
    const documentId = request.documents[0]?.id ?? ''
    const text = async (token: string, page: number) =>
      api.call('GET', apiPaths.documentPageText(documentId, page), { token })
    for (const token of [owner, signer]) {
      const answer = await text(token, 0)
      expect(answer.status).toBe(200)
      const { text: words } = (await answer.json()) as { text: string }
      expect(words).toMatch(/^Service agreement\n1\. The contractor delivers/)
      expect(words).toContain('Signature Contractor:')
    }
    await api.expectError(await text(owner, 1), 404, 'document.page_not_found')
    await api.expectError(await text(stranger, 0), 404, 'document.not_found')
  })

  it('lets only the sender place fields, and only on the pages of the documents', async () => {
    const request = await api.openRequest(owner, 'Placing', [signerEmail], [await makePdf(2)])
    const documentId = request.documents[0]?.id ?? ''
    const { id } = signatureOf(request, signerEmail)
    const field = { documentId, page: 0, x: 72, y: 120, width: 240, height: 112 }

    const placed = await place(owner, request, id, wire([field]))
    expect(placed.status, await placed.clone().text()).toBe(200)
    const answer = toCamelCase(await placed.json()) as SignatureRequestView
    expect(signatureOf(answer, signerEmail)).toMatchObject({
      documentSignatures: [field],
      fieldsPlaced: true,
    })
    expect(signatureOf(await api.getRequest(signer, request.id), signerEmail).documentSignatures).toEqual([
      field,
    ])

    await api.expectError(await place(signer, request, id, wire([field])), 409, 'signature_request.not_owner')
    await api.expectError(
      await place(stranger, request, id, wire([field])),
      404,
      'signature_request.not_found',
    )
    await api.expectError(
      await place(owner, request, id, wire([{ ...field, page: 2 }])),
      400,
      'request.invalid',
      'document_signatures.0.page',
    )
    await api.expectError(
      await place(owner, request, id, wire([{ ...field, x: 400 }])),
      400,
      'request.invalid',
      'document_signatures.0',
    )
    await api.expectError(
      await place(
        owner,
        request,
        id,
        wire([{ ...field, documentId: '00000000-0000-4000-8000-000000000000' }]),
      ),
      400,
      'request.invalid',
      'document_signatures.0.document_id',
    )
    await api.expectError(await place(owner, request, id, wire([field, field])), 400, 'request.invalid')
    // Nothing of the refused calls was kept.
    expect(signatureOf(await api.getRequest(owner, request.id), signerEmail).documentSignatures).toEqual([
      field,
    ])
    const events = toCamelCase(
      await (await api.call('GET', apiPaths.signatureRequestEvents(request.id), { token: owner })).json(),
    ) as { events: { type: string }[] }
    expect(events.events.filter((e) => e.type === 'fields_placed')).toHaveLength(1)
  })

  it('takes fields with an invited signer', async () => {
    const request = await api.openRequest(owner, 'Invited', [signerEmail], [await makePdf(1)])
    const documentId = request.documents[0]?.id ?? ''
    const field = { documentId, page: 0, x: 300, y: 40, width: 240, height: 112 }
    // An open request that nobody has signed yet still takes signers.
    const added = await api.call('POST', apiPaths.signatureRequestSignatures(request.id), {
      token: owner,
      body: { account_email: cosignerEmail, document_signatures: wire([field]) },
    })
    expect(added.status, await added.clone().text()).toBe(201)
    const answer = toCamelCase(await added.json()) as SignatureRequestView
    expect(signatureOf(answer, cosignerEmail)).toMatchObject({
      documentSignatures: [field],
      fieldsPlaced: true,
    })
    // The other signer's suggestion keeps clear of it.
    const other = signatureOf(answer, signerEmail).documentSignatures[0]
    if (other === undefined) throw new Error('no suggestion')
    expect(boxesOverlap(other, field)).toBe(false)
  })

  it('signs in the placed field without hiding the page, and shows the signed page', async () => {
    const original = await makePdf(1)
    const request = await api.openRequest(owner, 'Over the heading', [signerEmail], [original])
    const documentId = request.documents[0]?.id ?? ''
    // Right over the page's heading ("Contract page 1" at x 72, y 760), as over a signature line.
    const field = { documentId, page: 0, x: 60, y: 700, width: 300, height: 140 }
    expect((await place(owner, request, signatureOf(request, signerEmail).id, wire([field]))).status).toBe(
      200,
    )

    const [result] = await api.signed(signer, [{ signature_request_id: request.id }])
    expect(result?.result).toBe('complete')
    const signed = await api.downloadSigned(signer, documentId)
    expect(Buffer.from(signed).toString('latin1')).toMatch(/\/Rect \[\s*60 700 360 840\s*\]/)
    // The signature and the archive timestamp of the completed document.
    expect(await pdfsig(dir, signed)).toHaveLength(2)

    const before = rasterize(dir, original, 0)
    const after = rasterize(dir, signed, 0)
    const difference = compareRasters(before, after, field)
    // Outside the field nothing changed; inside, the heading still shows through the signature.
    expect(difference.changedOutside).toBe(0)
    expect(difference.darkInside).toBeGreaterThan(20)
    expect(difference.hiddenInside).toBe(0)
    // Something was drawn in the field.
    expect(Buffer.from(after.pixels).equals(Buffer.from(before.pixels))).toBe(false)

    // The request says where it went, and its page images come from the signed version on request.
    const done = await api.getRequest(owner, request.id)
    expect(signatureOf(done, signerEmail).documentSignatures).toEqual([field])
    const signedSha256 = done.documents[0]?.signedSha256
    expect(signedSha256).toMatch(/^[0-9a-f]{64}$/)
    expect(signedSha256).not.toBe(done.documents[0]?.sha256)
    // 202 while the page is being rendered: asked again until it is there.
    const page = (version: string) =>
      vi.waitFor(
        async () => {
          const response = await api.call('GET', apiPaths.documentPage(documentId, 0, 20, version), {
            token: owner,
          })
          if (response.status === 202) throw new Error('the page is not rendered yet')
          return response
        },
        { timeout: 10_000, interval: 100 },
      )
    const signedPage = await page(signedSha256 ?? '')
    expect(signedPage.status).toBe(200)
    expect(signedPage.headers.get('content-type')).toBe('image/webp')
    const originalPage = await page(done.documents[0]?.sha256 ?? '')
    expect(originalPage.status).toBe(200)
    expect(
      Buffer.from(await signedPage.arrayBuffer()).equals(Buffer.from(await originalPage.arrayBuffer())),
    ).toBe(false)
    await api.expectError(await page('0'.repeat(64)), 404, 'document.not_signed')
    await api.expectError(await page('not-a-hash'), 400, 'request.invalid', 'version')
  })
})
