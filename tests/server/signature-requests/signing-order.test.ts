import { and, eq, gt, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toCamelCase } from '../../../contract/case.ts'
import { directAuthorization } from '../../../contract/direct.ts'
import { apiPaths, apiUrl } from '../../../contract/paths.ts'
import type { ObservedRequest, SignatureRequestView } from '../../../contract/signature-requests.ts'
import type { SignAnswer } from '../../../contract/signing.ts'
import { type DatabaseHandle, openDatabase } from '../../../server/db/open-database.ts'
import { jobs } from '../../../server/db/schema/jobs.ts'
import { signatures } from '../../../server/db/schema/signature-requests.ts'
import { issueDirectLink } from '../../../server/direct/issue-direct-link.ts'
import { a4, makePdf } from '../../fixtures/make-fixtures.ts'
import { type DirectLink, parseLink } from '../direct/direct-link.ts'
import { type SigningClient, startSigningClient } from '../signing/signing-client.ts'

const ownerEmail = 'olga@example.com'
const firstEmail = 'anna@example.com'
const secondEmail = 'ben@example.com'
const thirdEmail = 'guest@example.com'
const observerEmail = 'backoffice@example.com'

describe('a request signed in order, with an observer', () => {
  let api: SigningClient
  let handle: DatabaseHandle
  let owner: string
  let first: string
  let second: string

  beforeAll(async () => {
    api = await startSigningClient('postgres')
    handle = await openDatabase(api.server.database)
    owner = await api.signUp(ownerEmail)
    first = await api.signUp(firstEmail)
    second = await api.signUp(secondEmail)
  })

  afterAll(async () => {
    await handle?.close()
    await api?.server.stop()
  })

  const json = async <T>(response: Response, status = 200): Promise<T> => {
    const text = await response.text()
    expect(response.status, text).toBe(status)
    return toCamelCase(JSON.parse(text)) as T
  }
  /**
   * The addresses of the mails queued by `change` (a mail is queued with the change that causes it), in order.
   */
  const mailedBy = async (change: () => Promise<unknown>): Promise<string[]> => {
    const last = async () =>
      (await handle.db.select({ id: sql<number>`coalesce(max(${jobs.id}), 0)` }).from(jobs))[0]?.id ?? 0
    const before = Number(await last())
    await change()
    const rows = await handle.db
      .select({ to: sql<string>`${jobs.payload} ->> 'to'` })
      .from(jobs)
      .where(and(eq(jobs.kind, 'mail'), gt(jobs.id, before)))
      .orderBy(jobs.id)
    return rows.map((row) => row.to)
  }
  const direct = (method: string, path: string, link: DirectLink, body?: unknown) =>
    fetch(`${api.server.url}${apiUrl(path)}`, {
      method,
      headers: {
        authorization: directAuthorization(link.signatureId, link.requestId),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  const directSign = (link: DirectLink) =>
    direct('POST', apiPaths.directSign(link.token), link, {
      signature_requests: [{ signature_request_id: link.requestId }],
      language: 'en',
    })

  /** A draft to the three signers in the given order, with one document, observed by the back office. */
  async function draftInOrder(title: string, sequences: [number, number, number]) {
    const draft = await json<SignatureRequestView>(
      await api.call('POST', apiPaths.signatureRequests(), {
        token: owner,
        body: {
          title,
          signatures: [
            { account_email: secondEmail, sequence: sequences[1] },
            { signer_identity_data: { email_address: thirdEmail }, sequence: sequences[2] },
            { account_email: firstEmail, sequence: sequences[0] },
          ],
          cc_email_addresses: [observerEmail],
        },
      }),
      201,
    )
    const form = new FormData()
    const pdf = (await makePdf([a4])) as Uint8Array<ArrayBuffer>
    form.set('file', new Blob([pdf], { type: 'application/pdf' }), 'lease.pdf')
    const uploaded = await fetch(`${api.server.url}/api${apiPaths.signatureRequestDocuments(draft.id)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner}` },
      body: form,
    })
    expect(uploaded.status, await uploaded.clone().text()).toBe(201)
    return draft
  }

  it('asks each turn only after the last signer of the one before has signed', async () => {
    const draft = await draftInOrder('Lease in order', [1, 2, 3])
    expect(draft.signatures.map((s) => [s.accountEmail, s.sequence])).toEqual([
      [firstEmail, 1],
      [secondEmail, 2],
      [thirdEmail, 3],
    ])
    expect(draft.ccEmailAddresses).toEqual([observerEmail])
    const idOf = (email: string) => draft.signatures.find((s) => s.accountEmail === email)?.id ?? ''

    const initiate = async () =>
      json<SignatureRequestView>(
        await api.call('POST', apiPaths.initiateSignatureRequest(draft.id), { token: owner }),
      )
    expect(await mailedBy(initiate)).toEqual([firstEmail])
    // Only the first finds it among the requests to sign; the others' turn has not come.
    const toSignIds = async (token: string) => {
      const query = 'status_overall=OPEN&signature_status=OPEN&in_turn=true'
      const response = await api.call('GET', `${apiPaths.signatureRequests()}?${query}`, { token })
      return (await json<{ items: { id: string }[] }>(response)).items.map((item) => item.id)
    }
    expect(await toSignIds(first)).toContain(draft.id)
    expect(await toSignIds(second)).not.toContain(draft.id)
    // The signing order is set before sending.
    await api.expectError(
      await api.call('PUT', apiPaths.signatureRequest(draft.id), {
        token: owner,
        body: { signatures: [{ id: idOf(secondEmail), sequence: 1 }] },
      }),
      409,
      'signature_request.not_draft',
    )

    // The third's link, had they one, answers 409 until their turn; the page still reads.
    const [third] = await handle.db
      .select()
      .from(signatures)
      .where(eq(signatures.id, idOf(thirdEmail)))
    if (third === undefined) throw new Error('no third signature')
    const early = parseLink(await issueDirectLink(handle.db, api.server.url, third))
    await api.expectError(await directSign(early), 409, 'signature_request.not_your_turn')
    expect(
      (
        await json<SignatureRequestView>(
          await direct('GET', apiPaths.directSignatureRequest(early.requestId, early.token), early),
        )
      ).signatureStatus,
    ).toBe('OPEN')
    await api.expectError(
      await api.sign(second, [{ signature_request_id: draft.id }]),
      409,
      'signature_request.not_your_turn',
    )
    await api.expectError(
      await api.call('POST', apiPaths.declineSignatureRequest(draft.id), { token: second, body: {} }),
      409,
      'signature_request.not_your_turn',
    )

    const signFirst = async () =>
      expect(await api.signed(first, [{ signature_request_id: draft.id }])).toMatchObject([
        { result: 'complete', statusOverall: 'OPEN' },
      ])
    expect(await mailedBy(signFirst)).toEqual([secondEmail])
    // The trail says whom the new turn asked, by nobody: the server moved on by itself.
    const { events } = await json<{
      events: { type: string; actorEmail: string | null; detail: { to?: string } }[]
    }>(await api.call('GET', apiPaths.signatureRequestEvents(draft.id), { token: owner }))
    expect(events.filter((e) => e.type === 'turn_started')).toEqual([
      expect.objectContaining({ actorEmail: null, detail: { to: secondEmail } }),
    ])
    // The second finds it to sign now, and the first, who has signed, no longer does.
    expect(await toSignIds(second)).toContain(draft.id)
    expect(await toSignIds(first)).not.toContain(draft.id)
    await api.expectError(await directSign(early), 409, 'signature_request.not_your_turn')

    const seen = await api.mailIds()
    expect(await api.signed(second, [{ signature_request_id: draft.id }])).toMatchObject([
      { result: 'complete', statusOverall: 'OPEN' },
    ])
    // Now the third is asked, with a link of their own; the earlier one works too, as it is their turn.
    const invitation = await api.waitForMail(thirdEmail, /Lease in order/, seen)
    const link = parseLink(invitation.links.find((l) => l.includes('/view/')) ?? '')
    expect(
      (await direct('GET', apiPaths.directSignatureRequest(early.requestId, early.token), early)).status,
    ).toBe(200)
    const resent = await direct('POST', apiPaths.tanResend(link.token), link)
    expect(resent.status).toBe(204)
    const tanMail = await api.waitForMail(thirdEmail, /TAN/, seen)
    const tan = /\b(\d{6})\b/.exec(tanMail.text)?.[1] ?? ''
    expect(await json(await direct('POST', apiPaths.tanCheck(link.token), link, { tan }))).toEqual({
      valid: true,
    })
    expect((await json<SignAnswer>(await directSign(link))).results).toMatchObject([
      { result: 'complete', statusOverall: 'SIGNED' },
    ])

    // The observer gets the signed document and a read-only link that opens the request without an account.
    const done = await api.waitForMail(observerEmail, /Lease in order/, seen)
    expect((await api.attachments(done.id)).map((a) => a.filename)).toContain('lease.pdf')
    const readLink = new URL(done.links.find((l) => l.includes('/observe/')) ?? '')
    const token = readLink.searchParams.get('token') ?? ''
    expect(token).toMatch(/^[\w-]{43}$/)
    const observed = await json<ObservedRequest>(
      await api.call('GET', apiPaths.observedSignatureRequest(draft.id, token)),
    )
    expect(observed).toMatchObject({ title: 'Lease in order', statusOverall: 'SIGNED', ownerEmail })
    expect(observed.signatures.map((s) => [s.accountEmail, s.status, s.sequence])).toEqual([
      [firstEmail, 'SIGNED', 1],
      [secondEmail, 'SIGNED', 2],
      [thirdEmail, 'SIGNED', 3],
    ])
    expect(observed).not.toHaveProperty('message')
    const documentId = observed.documents[0]?.id ?? ''
    const pdf = await api.call('GET', apiPaths.observedDocumentDownload(draft.id, documentId, token))
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    expect(Buffer.from(await pdf.arrayBuffer()).toString('latin1')).toContain('/ByteRange')
    // Another token, or none, finds nothing.
    await api.expectError(
      await api.call(
        'GET',
        apiPaths.observedSignatureRequest(
          draft.id,
          `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`,
        ),
      ),
      404,
      'signature_request.not_found',
    )
    await api.expectError(
      await api.call('GET', apiPaths.observedSignatureRequest(draft.id, '')),
      404,
      'signature_request.not_found',
    )
    // The mail of a request the observer does not observe does not open it.
    const other = await draftInOrder('Other lease', [1, 1, 1])
    await api.expectError(
      await api.call('GET', apiPaths.observedSignatureRequest(other.id, token)),
      404,
      'signature_request.not_found',
    )
  })

  it('asks signers of equal positions at once, and reorders a draft by its sender only', async () => {
    const draft = await draftInOrder('Lease in two turns', [1, 1, 2])
    const idOf = (email: string) => draft.signatures.find((s) => s.accountEmail === email)?.id ?? ''
    const order = (token: string, body: unknown) =>
      api.call('PUT', apiPaths.signatureRequest(draft.id), { token, body })
    const reordered = await json<SignatureRequestView>(
      await order(owner, {
        signatures: [
          { id: idOf(thirdEmail), sequence: 1 },
          { id: idOf(firstEmail), sequence: 2 },
          { id: idOf(secondEmail), sequence: 2 },
        ],
        cc_email_addresses: [],
      }),
    )
    expect(reordered.signatures.map((s) => [s.accountEmail, s.sequence])).toEqual([
      [thirdEmail, 1],
      [firstEmail, 2],
      [secondEmail, 2],
    ])
    expect(reordered.ccEmailAddresses).toEqual([])
    await api.expectError(
      await order(owner, { signatures: [{ id: crypto.randomUUID(), sequence: 1 }] }),
      409,
      'signature_request.not_a_signer',
    )
    await api.expectError(
      await order(owner, { signatures: [{ id: idOf(firstEmail), sequence: 0 }] }),
      400,
      'request.invalid',
      'signatures.0.sequence',
    )
    const initiate = async () =>
      json(await api.call('POST', apiPaths.initiateSignatureRequest(draft.id), { token: owner }))
    expect(await mailedBy(initiate)).toEqual([thirdEmail])
    const stored = await handle.db
      .select({ email: signatures.accountEmail, sequence: signatures.sequence })
      .from(signatures)
      .where(and(eq(signatures.requestId, draft.id), eq(signatures.sequence, 2)))
    expect(stored.map((s) => s.email).sort()).toEqual([firstEmail, secondEmail])
  })
})
