import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DocumentInfo } from '../../../contract/documents.ts'
import { apiPaths } from '../../../contract/paths.ts'
import type { SignatureRequestEventList, SignatureRequestView } from '../../../contract/signature-requests.ts'
import { a4, makePdf } from '../../fixtures/make-fixtures.ts'
import { featureDrivers } from '../test-database.ts'
import { answer, type RequestsClient, startRequestsClient, uploaded } from './requests-client.ts'

const unknownId = '00000000-0000-4000-8000-000000000000'

describe.each(featureDrivers)('managing signature requests on %s', (driver) => {
  let api: RequestsClient
  let owner: string
  let signer: string
  let cosigner: string
  let stranger: string
  const signerEmail = 'signer@example.com'
  const cosignerEmail = 'cosigner@example.com'
  const guestEmail = 'guest@example.com'

  beforeAll(async () => {
    api = await startRequestsClient(driver)
    owner = await api.signUp('sender@example.com')
    signer = await api.signUp(signerEmail)
    cosigner = await api.signUp(cosignerEmail)
    stranger = await api.signUp('stranger@example.com')
  })

  afterAll(async () => {
    await api?.server.stop()
  })

  const call = (method: string, path: string, token: string, body?: unknown) =>
    api.call(method, path, { token, body })

  async function draft(title: string, emails = [signerEmail, cosignerEmail]): Promise<SignatureRequestView> {
    const created = await api.create(owner, {
      title,
      message: 'Please sign',
      signatures: emails.map((email) => ({ account_email: email })),
    })
    await uploaded(await api.upload(owner, created.id, await makePdf([a4])))
    return api.getRequest(owner, created.id)
  }

  async function sent(title: string, emails?: string[]): Promise<SignatureRequestView> {
    const request = await draft(title, emails)
    return answer(await call('POST', apiPaths.initiateSignatureRequest(request.id), owner))
  }

  async function eventTypes(id: string): Promise<string[]> {
    const { events } = await answer<SignatureRequestEventList>(
      await call('GET', apiPaths.signatureRequestEvents(id), owner),
    )
    return events.map((event) => event.type)
  }

  describe('PUT /v3/signature-requests/{id}', () => {
    it('lets the owner rename a draft and an open request, and records the change', async () => {
      const request = await draft('Old title')
      const path = apiPaths.signatureRequest(request.id)
      const renamed = await answer<SignatureRequestView>(
        await call('PUT', path, owner, { title: 'New title', message: 'New words' }),
      )
      expect(renamed).toMatchObject({ title: 'New title', message: 'New words', statusOverall: 'DRAFT' })
      await call('POST', apiPaths.initiateSignatureRequest(request.id), owner)
      const open = await answer<SignatureRequestView>(await call('PUT', path, owner, { message: 'Today' }))
      expect(open).toMatchObject({ title: 'New title', message: 'Today', statusOverall: 'OPEN' })
      expect((await api.getRequest(signer, request.id)).message).toBe('Today')

      const { events } = await answer<SignatureRequestEventList>(
        await call('GET', apiPaths.signatureRequestEvents(request.id), owner),
      )
      expect(events.filter((e) => e.type === 'updated').map((e) => e.detail)).toEqual([
        {
          before: { title: 'Old title', message: 'Please sign' },
          after: { title: 'New title', message: 'New words' },
        },
        { before: { message: 'New words' }, after: { message: 'Today' } },
      ])
    })

    it('refuses signers (409), strangers (404), ended requests (409) and bad bodies (400)', async () => {
      const request = await sent('Not yours to edit')
      const path = apiPaths.signatureRequest(request.id)
      await api.expectError(
        await call('PUT', path, signer, { title: 'Mine' }),
        409,
        'signature_request.not_owner',
      )
      await api.expectError(
        await call('PUT', path, stranger, { title: 'Mine' }),
        404,
        'signature_request.not_found',
      )
      await api.expectError(await call('PUT', path, owner, {}), 400, 'request.invalid')
      await api.expectError(await call('PUT', path, owner, { title: ' ' }), 400, 'request.invalid', 'title')
      await call('POST', apiPaths.withdrawSignatureRequest(request.id), owner, {})
      await api.expectError(await call('PUT', path, owner, { title: 'Late' }), 409, 'signature_request.ended')
      expect((await api.getRequest(owner, request.id)).title).toBe('Not yours to edit')
    })
  })

  describe('the signature standard a request asks for', () => {
    it('is chosen at creation or while a draft, read by the signers, and changed until someone signs', async () => {
      const created = await api.create(owner, {
        title: 'Qualified lease',
        signatures: [{ account_email: signerEmail }],
        quality: 'qes',
        legislation: 'zertes',
      })
      expect(created).toMatchObject({ quality: 'qes', legislation: 'zertes' })
      const plain = await draft('Plain')
      expect(plain).toMatchObject({ quality: null, legislation: null })

      const path = apiPaths.signatureRequest(plain.id)
      const advanced = await answer<SignatureRequestView>(await call('PUT', path, owner, { quality: 'aes' }))
      expect(advanced).toMatchObject({ quality: 'aes', legislation: null, title: 'Plain' })
      const { events } = await answer<SignatureRequestEventList>(
        await call('GET', apiPaths.signatureRequestEvents(plain.id), owner),
      )
      expect(events.find((e) => e.type === 'updated')?.detail).toEqual({
        before: { quality: null },
        after: { quality: 'aes' },
      })

      await call('POST', apiPaths.initiateSignatureRequest(plain.id), owner)
      expect(await api.getRequest(signer, plain.id)).toMatchObject({ quality: 'aes', legislation: null })
      // Sent, and nobody signed yet: the sender may still fix it (request-standard.test.ts: not once signed).
      await answer(await call('PUT', path, owner, { quality: 'ses' }))
      expect((await api.getRequest(signer, plain.id)).quality).toBe('ses')
    })

    it('refuses a legislation without an advanced or qualified quality, and unknown values', async () => {
      const request = await draft('Unclear standard')
      const path = apiPaths.signatureRequest(request.id)
      await api.expectError(
        await call('PUT', path, owner, { quality: 'ses', legislation: 'eidas' }),
        400,
        'request.invalid',
        'legislation',
      )
      await api.expectError(
        await call('PUT', path, owner, { quality: 'best' }),
        400,
        'request.invalid',
        'quality',
      )
      await api.expectError(
        await call('POST', apiPaths.signatureRequests(), owner, { title: 'Law only', legislation: 'zertes' }),
        400,
        'request.invalid',
        'legislation',
      )
      expect((await api.getRequest(owner, request.id)).quality).toBeNull()
    })
  })

  describe('DELETE /v3/signature-requests/{id}', () => {
    it('withdraws an open request of the owner', async () => {
      const request = await sent('Delete while open')
      expect((await call('DELETE', apiPaths.signatureRequest(request.id), owner)).status).toBe(204)
      const withdrawn = await api.getRequest(signer, request.id)
      expect(withdrawn.statusOverall).toBe('WITHDRAWN')
      expect(withdrawn.signatures.every((s) => s.status === 'WITHDRAWN')).toBe(true)
    })

    it('deletes a draft for everyone, and keeps the owner’s documents', async () => {
      const request = await draft('Delete the draft')
      const document = request.documents[0] as DocumentInfo
      expect((await call('DELETE', apiPaths.signatureRequest(request.id), owner)).status).toBe(204)
      for (const token of [owner, signer]) {
        await api.expectError(
          await call('GET', apiPaths.signatureRequest(request.id), token),
          404,
          'signature_request.not_found',
        )
      }
      expect((await call('GET', apiPaths.document(document.id), owner)).status).toBe(200)
      const reused = await api.create(owner, { title: 'Reused', documents: [{ id: document.id }] })
      expect(reused.documents.map((d) => d.id)).toEqual([document.id])
    })

    it('takes an ended request off each participant’s own list; the last one deletes it', async () => {
      const ended = await sent('Remove when ended')
      await call('POST', apiPaths.declineSignatureRequest(ended.id), signer, { message: 'No' })
      const listed = async (token: string) => (await api.list(token)).items.map((item) => item.id)
      const gone = async (token: string) =>
        api.expectError(
          await call('GET', apiPaths.signatureRequest(ended.id), token),
          404,
          'signature_request.not_found',
        )

      // The owner takes it off their list: the signers keep it, with its history.
      expect((await call('DELETE', apiPaths.signatureRequest(ended.id), owner)).status).toBe(204)
      await gone(owner)
      expect(await listed(owner)).not.toContain(ended.id)
      expect((await api.getRequest(signer, ended.id)).statusOverall).toBe('DECLINED')
      expect(await listed(cosigner)).toContain(ended.id)
      await api.expectError(
        await call('DELETE', apiPaths.signatureRequest(ended.id), owner),
        404,
        'signature_request.not_found',
      )

      expect((await call('DELETE', apiPaths.signatureRequest(ended.id), signer)).status).toBe(204)
      await gone(signer)
      expect(await listed(signer)).not.toContain(ended.id)
      expect((await api.getRequest(cosigner, ended.id)).signatures).toHaveLength(2)

      // The last participant removes it, and it is gone for everyone (report-zip.test.ts shows its signed
      // files going with it).
      expect((await call('DELETE', apiPaths.signatureRequest(ended.id), cosigner)).status).toBe(204)
      for (const token of [owner, signer, cosigner]) await gone(token)
    })

    it('lets an owner who signs their own request remove it from their list in one go', async () => {
      const own = await sent('Signed by me too', [signerEmail, 'sender@example.com'])
      await call('POST', apiPaths.withdrawSignatureRequest(own.id), owner, {})
      expect((await call('DELETE', apiPaths.signatureRequest(own.id), owner)).status).toBe(204)
      expect((await api.list(owner)).items.map((item) => item.id)).not.toContain(own.id)
      expect((await api.getRequest(signer, own.id)).statusOverall).toBe('WITHDRAWN')
    })

    it('lets a signer leave an open request, under the rules of removing a signer', async () => {
      const request = await sent('Leave it')
      expect((await call('DELETE', apiPaths.signatureRequest(request.id), signer)).status).toBe(204)
      await api.expectError(
        await call('GET', apiPaths.signatureRequest(request.id), signer),
        404,
        'signature_request.not_found',
      )
      const left = await api.getRequest(owner, request.id)
      expect(left).toMatchObject({ statusOverall: 'OPEN', signaturesCount: 1 })
      expect(left.signatures.map((s) => s.accountEmail)).toEqual([cosignerEmail])
      expect(await eventTypes(request.id)).toContain('signer_removed')
      // The last signer of an open request cannot leave: nobody would be left to sign it.
      await api.expectError(
        await call('DELETE', apiPaths.signatureRequest(request.id), cosigner),
        409,
        'signature_request.no_signers',
      )

      // Once the request has ended a signer no longer leaves it: it only goes off their own list, and their
      // signature stays on the record.
      const declined = await sent('Declined, then leave')
      await call('POST', apiPaths.declineSignatureRequest(declined.id), signer, {})
      expect((await call('DELETE', apiPaths.signatureRequest(declined.id), cosigner)).status).toBe(204)
      expect((await api.list(cosigner)).items.map((item) => item.id)).not.toContain(declined.id)
      expect((await api.getRequest(owner, declined.id)).signaturesCount).toBe(2)
    })

    it('answers 404 to strangers and to ids that are no requests', async () => {
      const request = await sent('Not theirs')
      for (const id of [request.id, unknownId, 'not-an-id']) {
        await api.expectError(
          await call('DELETE', apiPaths.signatureRequest(id), stranger),
          404,
          'signature_request.not_found',
        )
      }
      expect((await api.getRequest(owner, request.id)).statusOverall).toBe('OPEN')
    })
  })

  describe('DELETE .../documents', () => {
    it('takes documents out of a draft', async () => {
      const request = await draft('Two documents')
      const second = await uploaded(await api.upload(owner, request.id, await makePdf([a4, a4]), 'Second'))
      const first = request.documents[0] as DocumentInfo
      const left = await answer<SignatureRequestView>(
        await call('DELETE', apiPaths.removeSignatureRequestDocuments(request.id, [first.id]), owner),
      )
      expect(left.documents.map((d) => d.id)).toEqual([second.id])
      expect(await eventTypes(request.id)).toContain('document_removed')
      expect((await call('GET', apiPaths.document(first.id), owner)).status).toBe(200)
    })

    it('refuses unknown documents, bad ids, signers, strangers and requests already sent', async () => {
      const request = await draft('Keep documents')
      const document = request.documents[0] as DocumentInfo
      const remove = (ids: string[], token = owner, id = request.id) =>
        call('DELETE', apiPaths.removeSignatureRequestDocuments(id, ids), token)
      await api.expectError(await remove([document.id, unknownId]), 404, 'document.not_found')
      await api.expectError(await remove(['nope']), 400, 'request.invalid', 'document_ids')
      await api.expectError(
        await call('DELETE', apiPaths.signatureRequestDocuments(request.id), owner),
        400,
        'request.invalid',
        'document_ids',
      )
      // Until it is sent, a draft is its owner's alone: its signer is a stranger to it.
      await api.expectError(await remove([document.id], signer), 404, 'signature_request.not_found')
      await api.expectError(await remove([document.id], stranger), 404, 'signature_request.not_found')
      await call('POST', apiPaths.initiateSignatureRequest(request.id), owner)
      await api.expectError(await remove([document.id]), 409, 'signature_request.not_draft')
      expect((await api.getRequest(owner, request.id)).documents).toHaveLength(1)
    })
  })

  describe('POST and DELETE .../signatures', () => {
    it('adds a signer to a draft, and mails one added to an open request at once', async () => {
      const request = await draft('Add a signer', [signerEmail])
      const added = await answer<SignatureRequestView>(
        await call('POST', apiPaths.signatureRequestSignatures(request.id), owner, {
          signer_identity_data: { email_address: guestEmail, first_name: 'Grace' },
        }),
        201,
      )
      expect(added.signatures.map((s) => s.accountEmail)).toEqual([guestEmail, signerEmail])
      expect(added.signatures[0]).toMatchObject({
        status: 'OPEN',
        signerIdentityData: { firstName: 'Grace' },
      })

      await call('POST', apiPaths.initiateSignatureRequest(request.id), owner)
      const seen = await api.mailIds()
      const open = await answer<SignatureRequestView>(
        await call('POST', apiPaths.signatureRequestSignatures(request.id), owner, {
          account_email: cosignerEmail,
        }),
        201,
      )
      expect(open.signaturesCount).toBe(3)
      const mail = await api.waitForMail(cosignerEmail, /Add a signer/, seen)
      expect(mail.text).toContain('Please sign')
      expect((await api.getRequest(cosigner, request.id)).signatureStatus).toBe('OPEN')
      expect(await eventTypes(request.id)).toContain('signer_added')
    })

    it('refuses a second invitation of one address, signers, strangers, ended requests and bad bodies', async () => {
      const request = await sent('No more signers', [signerEmail])
      const path = apiPaths.signatureRequestSignatures(request.id)
      await api.expectError(
        await call('POST', path, owner, { account_email: signerEmail }),
        409,
        'signature_request.already_a_signer',
      )
      await api.expectError(
        await call('POST', path, signer, { account_email: guestEmail }),
        409,
        'signature_request.not_owner',
      )
      await api.expectError(
        await call('POST', path, stranger, { account_email: guestEmail }),
        404,
        'signature_request.not_found',
      )
      await api.expectError(await call('POST', path, owner, {}), 400, 'request.invalid')
      await api.expectError(
        await call('POST', path, owner, { account_email: 'not an address' }),
        400,
        'request.invalid',
        'account_email',
      )
      await call('POST', apiPaths.withdrawSignatureRequest(request.id), owner, {})
      await api.expectError(
        await call('POST', path, owner, { account_email: guestEmail }),
        409,
        'signature_request.ended',
      )
      expect((await api.getRequest(owner, request.id)).signaturesCount).toBe(1)
    })

    it('removes a signer, never the last one of an open request', async () => {
      const request = await sent('Remove a signer')
      const [first, second] = request.signatures
      if (first === undefined || second === undefined) throw new Error('two signers expected')
      const remove = (signatureId: string, token = owner) =>
        call('DELETE', apiPaths.removeSignatureRequestSigner(request.id, signatureId), token)
      await api.expectError(await remove(first.id, signer), 409, 'signature_request.not_owner')
      await api.expectError(await remove(first.id, stranger), 404, 'signature_request.not_found')
      await api.expectError(await remove(unknownId), 409, 'signature_request.not_a_signer')
      await api.expectError(await remove('nope'), 400, 'request.invalid', 'signature_id')
      const left = await answer<SignatureRequestView>(await remove(first.id))
      expect(left.signatures.map((s) => s.id)).toEqual([second.id])
      await api.expectError(await remove(second.id), 409, 'signature_request.no_signers')
    })
  })

  describe('POST .../delegate', () => {
    it('hands an open signature to someone else, who is invited by mail', async () => {
      const request = await sent('Delegate it')
      const seen = await api.mailIds()
      const response = await call('POST', apiPaths.delegateSignatureRequest(request.id), signer, {
        account_email: 'deputy@example.com',
        message: 'You know this contract best',
      })
      expect(response.status).toBe(204)
      const mail = await api.waitForMail('deputy@example.com', /Delegate it/, seen)
      expect(mail.text).toContain('You know this contract best')
      await api.expectError(
        await call('GET', apiPaths.signatureRequest(request.id), signer),
        404,
        'signature_request.not_found',
      )
      const moved = await api.getRequest(owner, request.id)
      expect(moved.signatures.map((s) => [s.accountEmail, s.status])).toEqual([
        [cosignerEmail, 'OPEN'],
        ['deputy@example.com', 'OPEN'],
      ])
      const deputy = await api.signUp('deputy@example.com')
      expect((await api.getRequest(deputy, request.id)).signatureStatus).toBe('OPEN')
      const { events } = await answer<SignatureRequestEventList>(
        await call('GET', apiPaths.signatureRequestEvents(request.id), owner),
      )
      expect(events.find((e) => e.type === 'delegated')).toMatchObject({
        actorEmail: signerEmail,
        detail: { from: signerEmail, to: 'deputy@example.com' },
      })
    })

    it('refuses whoever has no open signature, addresses that already sign, strangers and bad bodies', async () => {
      const request = await sent('Keep it')
      const path = apiPaths.delegateSignatureRequest(request.id)
      await api.expectError(
        await call('POST', path, owner, { account_email: guestEmail }),
        409,
        'signature_request.not_a_signer',
      )
      await api.expectError(
        await call('POST', path, signer, { account_email: cosignerEmail }),
        409,
        'signature_request.already_a_signer',
      )
      await api.expectError(
        await call('POST', path, stranger, { account_email: guestEmail }),
        404,
        'signature_request.not_found',
      )
      await api.expectError(await call('POST', path, signer, { message: 'Someone' }), 400, 'request.invalid')
      // A draft is not the signer's yet: they cannot hand on what they were not asked to sign.
      const unsent = await draft('Not sent yet')
      await api.expectError(
        await call('POST', apiPaths.delegateSignatureRequest(unsent.id), signer, {
          account_email: guestEmail,
        }),
        404,
        'signature_request.not_found',
      )
      await call('POST', apiPaths.declineSignatureRequest(request.id), cosigner, {})
      await api.expectError(
        await call('POST', path, signer, { account_email: guestEmail }),
        409,
        'signature_request.not_open',
      )
      expect((await api.getRequest(signer, request.id)).signatureStatus).toBe('OPEN')
    })
  })

  describe('GET .../lock-status', () => {
    it('answers unlocked while nobody signs, and 404 to strangers', async () => {
      const request = await sent('Locked?')
      for (const token of [owner, signer]) {
        expect(
          await answer(await call('GET', apiPaths.signatureRequestLockStatus(request.id), token)),
        ).toEqual({
          locked: false,
        })
      }
      await api.expectError(
        await call('GET', apiPaths.signatureRequestLockStatus(request.id), stranger),
        404,
        'signature_request.not_found',
      )
    })
  })
})
