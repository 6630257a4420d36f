import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toCamelCase } from '../../../contract/case.ts'
import { apiPaths } from '../../../contract/paths.ts'
import type { SignatureRequestEventList, SignatureRequestView } from '../../../contract/signature-requests.ts'
import { a4, makePdf } from '../../fixtures/make-fixtures.ts'
import { featureDrivers } from '../test-database.ts'
import { type RequestsClient, startRequestsClient, uploaded } from './requests-client.ts'

const hour = 60 * 60 * 1000

describe.each(featureDrivers)('signature requests on %s', (driver) => {
  let api: RequestsClient
  let owner: string
  let signer: string
  let stranger: string
  const signerEmail = 'signer@example.com'
  const guestEmail = 'guest@example.com'

  beforeAll(async () => {
    api = await startRequestsClient(driver)
    owner = await api.signUp('sender@example.com')
    signer = await api.signUp(signerEmail, undefined, 'de')
    stranger = await api.signUp('stranger@example.com')
  })

  afterAll(async () => {
    await api?.server.stop()
  })

  const post = async (path: string, token: string, body?: unknown) => {
    const response = await api.call('POST', path, { token, body })
    return response
  }
  const view = async (response: Response): Promise<SignatureRequestView> => {
    const text = await response.text()
    expect(response.status, text).toBe(200)
    return toCamelCase(JSON.parse(text)) as SignatureRequestView
  }

  /** A sent request from the owner to the signer and a guest without an account. */
  async function openRequest(title: string): Promise<SignatureRequestView> {
    const draft = await api.create(owner, {
      title,
      message: 'Please sign',
      signatures: [
        { account_email: signerEmail },
        {
          signer_identity_data: {
            email_address: guestEmail,
            first_name: 'Grace',
            last_name: 'Hopper',
            language: 'fr',
          },
        },
      ],
    })
    await uploaded(await api.upload(owner, draft.id, await makePdf([a4, a4, a4])))
    return view(await post(apiPaths.initiateSignatureRequest(draft.id), owner))
  }

  it('creates a draft, then initiates it and invites every signer by mail', async () => {
    const seen = await api.mailIds()
    const draft = await api.create(owner, {
      title: 'Lease',
      signatures: [{ account_email: signerEmail }, { signer_identity_data: { email_address: guestEmail } }],
    })
    expect(draft).toMatchObject({ statusOverall: 'DRAFT', signaturesCount: 2, isOwner: true })
    const sent = await view(await post(apiPaths.initiateSignatureRequest(draft.id), owner))
    expect(sent.statusOverall).toBe('OPEN')
    expect(sent.signatures.map((s) => s.status)).toEqual(['OPEN', 'OPEN'])
    const toSigner = await api.waitForMail(signerEmail, /Lease/, seen)
    expect(toSigner.links).toContain(`http://localhost/view/${draft.id}`)
    expect(toSigner.subject).toMatch(/unterschreiben/)
    await api.waitForMail(guestEmail, /Lease/, seen)
    await api.expectError(
      await post(apiPaths.initiateSignatureRequest(draft.id), owner),
      409,
      'signature_request.not_draft',
    )
  })

  it('refuses to initiate a draft without signers, and refuses someone else’s documents', async () => {
    const draft = await api.create(owner, { title: 'Empty' })
    await api.expectError(
      await post(apiPaths.initiateSignatureRequest(draft.id), owner),
      409,
      'signature_request.no_signers',
    )
    const document = await uploaded(await api.upload(owner, draft.id, await makePdf([a4])))
    const response = await post(apiPaths.signatureRequests(), stranger, {
      title: 'Theft',
      documents: [{ id: document.id }],
    })
    await api.expectError(response, 404, 'document.not_found', 'documents.0.id')
  })

  it('lists what each caller owns or signs, with the filters of the dashboard', async () => {
    const pending = await openRequest('Pending one')
    const ids = (page: { items: SignatureRequestView[] }) => page.items.map((item) => item.id)

    expect(ids(await api.list(owner, { status_overall: 'OPEN', signatures_count: 672 }))).toContain(
      pending.id,
    )
    const toSign = await api.list(signer, {
      status_overall: 'OPEN',
      signature_status: 'OPEN',
      account_email: signerEmail,
    })
    expect(ids(toSign)).toContain(pending.id)
    expect(toSign.items.find((i) => i.id === pending.id)).toMatchObject({
      isOwner: false,
      signatureStatus: 'OPEN',
    })
    // The signer owns nothing, so nothing of theirs is pending.
    expect(ids(await api.list(signer, { status_overall: 'OPEN', signatures_count: 672 }))).toEqual([])
    expect((await api.list(stranger)).total).toBe(0)
    expect(ids(await api.list(owner, { status_overall: 'SIGNED' }))).toEqual([])

    const all = await api.list(owner, { size: 1 })
    expect(all).toMatchObject({ page: 0, size: 1 })
    expect(all.items).toHaveLength(1)
    expect(all.total).toBeGreaterThan(1)
    // Every page counts the same total, the last one and one past the end too.
    const last = await api.list(owner, { size: 1, page: all.total - 1 })
    expect(last.items).toHaveLength(1)
    expect(last.total).toBe(all.total)
    const pastEnd = await api.list(owner, { size: 1, page: all.total })
    expect(pastEnd).toMatchObject({ items: [], total: all.total, page: all.total })
    await api.expectError(
      await api.call('GET', `${apiPaths.signatureRequests()}?size=101`, { token: owner }),
      400,
      'request.invalid',
      'size',
    )
  })

  it('lists a request sent to an address without an account for whoever signs up with it', async () => {
    const laterEmail = 'later@example.com'
    const draft = await api.create(owner, {
      title: 'Before the account',
      signatures: [{ signer_identity_data: { email_address: laterEmail } }],
    })
    await uploaded(await api.upload(owner, draft.id, await makePdf([a4])))
    const seen = await api.mailIds()
    const sent = await view(await post(apiPaths.initiateSignatureRequest(draft.id), owner))
    // The invitation first, so that signing up reads its own confirmation mail, not the invitation.
    await api.waitForMail(laterEmail, /Before the account/, seen)
    const later = await api.signUp(laterEmail)
    const toSign = await api.list(later, { status_overall: 'OPEN', signature_status: 'OPEN' })
    expect(toSign.total).toBe(1)
    expect(toSign.items[0]).toMatchObject({ id: sent.id, isOwner: false, signatureStatus: 'OPEN' })
    expect((await api.getRequest(later, sent.id)).id).toBe(sent.id)
  })

  it('lists no draft without a document: an upload under way or left', async () => {
    const left = await api.create(owner, { title: 'Left half-way' })
    const kept = await api.create(owner, { title: 'With a document' })
    await uploaded(await api.upload(owner, kept.id, await makePdf([a4])))
    const drafts = await api.list(owner, { status_overall: 'DRAFT', size: 100 })
    expect(drafts.items.map((r) => r.id)).toContain(kept.id)
    expect(drafts.items.map((r) => r.id)).not.toContain(left.id)
    expect(drafts.total).toBe(drafts.items.length)
    // The user is still at /upload: the empty draft is theirs to fill.
    expect((await api.getRequest(owner, left.id)).id).toBe(left.id)
  })

  it('searches the titles the caller may see, taking what was typed literally', async () => {
    const full = await api.create(owner, { title: 'Rent 100% paid' })
    const other = await api.create(owner, { title: 'RENT 1000 francs' })
    for (const { id } of [full, other]) await uploaded(await api.upload(owner, id, await makePdf([a4])))
    const titles = async (title: string, token = owner) =>
      (await api.list(token, { title })).items.map((item) => item.id).sort()
    expect(await titles('rent 100')).toEqual([full.id, other.id].sort())
    expect(await titles('100%')).toEqual([full.id])
    expect(await titles('rent_1')).toEqual([])
    expect(await titles('rent', stranger)).toEqual([])
  })

  it('lets the owner withdraw, not a signer nor a stranger', async () => {
    const request = await openRequest('To withdraw')
    const path = apiPaths.withdrawSignatureRequest(request.id)
    await api.expectError(await post(path, signer, {}), 409, 'signature_request.not_owner')
    await api.expectError(await post(path, stranger, {}), 404, 'signature_request.not_found')
    const withdrawn = await view(await post(path, owner, { message: 'Changed my mind' }))
    expect(withdrawn.statusOverall).toBe('WITHDRAWN')
    expect(withdrawn.signatures.every((s) => s.status === 'WITHDRAWN')).toBe(true)
    await api.expectError(await post(path, owner, {}), 409, 'signature_request.not_open')
    const declined = await api.list(owner, { status_overall: 'DECLINED,WITHDRAWN' })
    expect(declined.items.map((i) => i.id)).toContain(request.id)
  })

  it('lets a signer decline, and records every step in the events', async () => {
    const request = await openRequest('To decline')
    const path = apiPaths.declineSignatureRequest(request.id)
    await api.expectError(await post(path, owner, {}), 409, 'signature_request.not_a_signer')
    const declined = await view(await post(path, signer, { message: 'Wrong amount' }))
    expect(declined).toMatchObject({ statusOverall: 'DECLINED', signatureStatus: 'DECLINED' })
    await api.expectError(await post(path, signer, {}), 409, 'signature_request.not_open')

    const response = await api.call('GET', apiPaths.signatureRequestEvents(request.id), { token: signer })
    expect(response.status).toBe(200)
    const { events } = toCamelCase(await response.json()) as SignatureRequestEventList
    expect(events.map((e) => e.type)).toEqual(['created', 'document_added', 'initiated', 'declined'])
    expect(events[3]).toMatchObject({ actorEmail: signerEmail, detail: { message: 'Wrong amount' } })
    // The caller's address as people write it: an IPv4 client reads as IPv4 even on a dual-stack socket.
    for (const event of events) expect(event.ip).toMatch(/^(127\.0\.0\.1|::1)$/)
  })

  it('reminds the open signers at most once an hour', async () => {
    const request = await openRequest('To remind')
    const path = apiPaths.remindSignatureRequest(request.id)
    await api.expectError(await post(path, signer), 409, 'signature_request.not_owner')
    const seen = await api.mailIds()
    expect((await post(path, owner)).status).toBe(200)
    await api.waitForMail(signerEmail, /To remind/, seen)
    await api.waitForMail(guestEmail, /To remind/, seen)
    const again = await post(path, owner)
    expect(again.headers.get('retry-after')).toBe('3600')
    await api.expectError(again, 429, 'signature_request.remind_too_soon')
    api.clock.advance(hour)
    expect((await post(path, owner)).status).toBe(200)
  })

  it('keeps a draft the owner’s alone until it is sent; the signer’s access starts with the invitation', async () => {
    const draft = await api.create(owner, {
      title: 'Unsent terms',
      signatures: [{ account_email: signerEmail }],
    })
    await uploaded(await api.upload(owner, draft.id, await makePdf([a4])))
    const withDocument = await view(
      await api.call('GET', apiPaths.signatureRequest(draft.id), { token: owner }),
    )
    const document = withDocument.documents[0]
    if (document === undefined) throw new Error('the draft has no document')
    const attachment = await api.attach(
      owner,
      draft.id,
      new TextEncoder().encode('notes'),
      'notes.txt',
      'text/plain',
    )
    expect(attachment.status).toBe(201)
    const { id: attachmentId } = (await attachment.json()) as { id: string }
    const reads: [string, string][] = [
      [apiPaths.signatureRequest(draft.id), 'signature_request.not_found'],
      [apiPaths.signatureRequestEvents(draft.id), 'signature_request.not_found'],
      [apiPaths.signatureRequestZip(draft.id), 'signature_request.not_found'],
      [apiPaths.signatureRequestReport(draft.id, 'json'), 'signature_request.not_found'],
      [apiPaths.signatureRequestAttachmentContent(draft.id, attachmentId), 'signature_request.not_found'],
      [apiPaths.document(document.id), 'document.not_found'],
      [apiPaths.documentDownload(document.id), 'document.not_found'],
    ]
    for (const [path, code] of reads) {
      await api.expectError(await api.call('GET', path, { token: signer }), 404, code)
    }
    expect((await api.list(signer)).items.map((r) => r.id)).not.toContain(draft.id)

    await view(await post(apiPaths.initiateSignatureRequest(draft.id), owner))
    for (const [path] of reads) {
      const response = await api.call('GET', path, { token: signer })
      expect(response.status, path).toBe(200)
      await response.arrayBuffer()
    }
    expect((await api.list(signer)).items.map((r) => r.id)).toContain(draft.id)
  })

  it('answers 404 to someone who neither owns nor signs the request, on every call', async () => {
    const request = await openRequest('Private')
    const draft = await api.create(owner, { title: 'Private draft' })
    const calls: [string, string][] = [
      ['GET', apiPaths.signatureRequest(request.id)],
      ['GET', apiPaths.signatureRequestEvents(request.id)],
      ['POST', apiPaths.initiateSignatureRequest(draft.id)],
      ['POST', apiPaths.withdrawSignatureRequest(request.id)],
      ['POST', apiPaths.declineSignatureRequest(request.id)],
      ['POST', apiPaths.remindSignatureRequest(request.id)],
      ['POST', apiPaths.signatureRequestDocuments(draft.id)],
    ]
    for (const [method, path] of calls) {
      const response = await api.call(method, path, {
        token: stranger,
        body: method === 'POST' ? {} : undefined,
      })
      await api.expectError(response, 404, 'signature_request.not_found')
    }
    const document = request.documents[0]
    expect(document).toBeDefined()
    if (document) {
      await api.expectError(
        await api.call('GET', apiPaths.document(document.id), { token: stranger }),
        404,
        'document.not_found',
      )
      // The signer sees the documents of a request they sign.
      expect((await api.call('GET', apiPaths.document(document.id), { token: signer })).status).toBe(200)
    }
  })
})
