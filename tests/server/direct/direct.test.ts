import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { toCamelCase } from '../../../contract/case.ts'
import { type DirectUser, directAuthorization, type SendtoSummary } from '../../../contract/direct.ts'
import type { DocumentInfo } from '../../../contract/documents.ts'
import { apiPaths, apiUrl } from '../../../contract/paths.ts'
import type { SignatureRequestEventList, SignatureRequestView } from '../../../contract/signature-requests.ts'
import type { SignAnswer } from '../../../contract/signing.ts'
import { attributesCase } from '../../../contract/user.ts'
import { a4, makePdf } from '../../fixtures/make-fixtures.ts'
import { type RequestsClient, startRequestsClient, uploaded } from '../signature-requests/requests-client.ts'
import { featureDrivers } from '../test-database.ts'
import { type DirectLink, parseLink } from './direct-link.ts'

const second = 1000
const minute = 60 * second
const hour = 60 * minute

describe.each(featureDrivers)('direct-link signers on %s', (driver) => {
  let api: RequestsClient
  let owner: string
  const ownerEmail = 'owner@example.com'
  const guestEmail = 'guest@example.com'
  const otherGuestEmail = 'other-guest@example.com'

  beforeAll(async () => {
    api = await startRequestsClient(driver)
    owner = await api.signUp(ownerEmail)
  })

  afterAll(async () => {
    await api?.server.stop()
  })

  /** Calls a direct path with the session of `link` (Basic signature id and request id). */
  const direct = (
    method: string,
    path: string,
    link: Pick<DirectLink, 'requestId' | 'signatureId'>,
    body?: unknown,
  ) =>
    fetch(`${api.server.url}${apiUrl(path)}`, {
      method,
      headers: {
        authorization: directAuthorization(link.signatureId, link.requestId),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  const json = async <T>(response: Response, status = 200, options = {}): Promise<T> => {
    const text = await response.text()
    expect(response.status, text).toBe(status)
    return toCamelCase(JSON.parse(text), options) as T
  }
  const readRequest = async (link: DirectLink) =>
    json<SignatureRequestView>(
      await direct('GET', apiPaths.directSignatureRequest(link.requestId, link.token), link),
    )

  /** Sends a request with one document to two signers without an account; answers their mailed links. */
  async function sendToGuests(title: string): Promise<{
    request: SignatureRequestView
    guest: DirectLink
    other: DirectLink
    document: DocumentInfo
  }> {
    const seen = await api.mailIds()
    const draft = await api.create(owner, {
      title,
      signatures: [
        { signer_identity_data: { email_address: guestEmail, first_name: 'Grace', last_name: 'Hopper' } },
        { signer_identity_data: { email_address: otherGuestEmail, language: 'de' } },
      ],
    })
    const document = await uploaded(await api.upload(owner, draft.id, await makePdf([a4, a4])))
    const initiated = await api.call('POST', apiPaths.initiateSignatureRequest(draft.id), { token: owner })
    const request = await json<SignatureRequestView>(initiated)
    const guestMail = await api.waitForMail(guestEmail, new RegExp(title), seen)
    const otherMail = await api.waitForMail(otherGuestEmail, new RegExp(title), seen)
    const guest = parseLink(guestMail.links.find((l) => l.includes('/view/')) ?? '')
    const other = parseLink(otherMail.links.find((l) => l.includes('/view/')) ?? '')
    return { request, guest, other, document }
  }

  /** Mails a TAN to the signer of `link` and answers it, read from the mail. */
  async function mailTan(link: DirectLink, email = guestEmail, subject = /Your Signet TAN/): Promise<string> {
    const seen = await api.mailIds()
    const response = await direct('POST', apiPaths.tanResend(link.token), link)
    expect(response.status, await response.text()).toBe(204)
    const mail = await api.waitForMail(email, subject, seen)
    const tan = /\b(\d{6})\b/.exec(mail.text)?.[1]
    if (tan === undefined) throw new Error(`no TAN in ${mail.text}`)
    return tan
  }
  const checkTan = (link: DirectLink, tan: string) =>
    direct('POST', apiPaths.tanCheck(link.token), link, { tan })

  it('mails a personal link that opens the request, its events and its documents', async () => {
    const { request, guest, other, document } = await sendToGuests('Direct lease')
    expect(guest.requestId).toBe(request.id)
    expect(guest.signatureId).toBe(request.signatures.find((s) => s.accountEmail === guestEmail)?.id)
    expect(guest.token).toMatch(/^[\w-]{43}$/)
    expect(other.token).not.toBe(guest.token)

    const view = await readRequest(guest)
    expect(view).toMatchObject({
      id: request.id,
      title: 'Direct lease',
      isOwner: false,
      signatureStatus: 'OPEN',
    })
    expect(view.ownerEmail).toBe(ownerEmail)

    const { events } = await json<SignatureRequestEventList>(
      await direct('GET', apiPaths.directSignatureRequestEvents(guest.requestId, guest.token), guest),
    )
    expect(events.map((e) => e.type)).toEqual(['created', 'document_added', 'initiated'])

    const info = await json<DocumentInfo>(
      await direct('GET', apiPaths.directDocument(document.id, guest.token), guest),
    )
    expect(info).toMatchObject({ id: document.id, pageCount: 2 })
    const download = await direct('GET', apiPaths.directDocumentDownload(document.id, guest.token), guest)
    expect(download.status).toBe(200)
    expect(download.headers.get('content-type')).toBe('application/pdf')
    expect((await download.arrayBuffer()).byteLength).toBe(document.size)
    // Nothing is signed yet, so there is no signed version.
    await api.expectError(
      await direct('GET', apiPaths.directDocumentDownload(document.id, guest.token, true), guest),
      404,
      'document.not_signed',
    )
    const page = await vi.waitFor(
      async () => {
        const response = await direct(
          'GET',
          apiPaths.directDocumentPage(document.id, 1, guest.token, 20),
          guest,
        )
        if (response.status !== 200) throw new Error(`page answered ${response.status}`)
        return response
      },
      { timeout: 20_000, interval: 100 },
    )
    expect(page.headers.get('content-type')).toBe('image/webp')

    const zip = await direct('GET', apiPaths.directSignatureRequestZip(guest.requestId, guest.token), guest)
    expect(zip.status).toBe(200)
    expect(zip.headers.get('content-type')).toBe('application/zip')
    expect(
      Buffer.from(await zip.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK')
    expect(
      await json(
        await direct('GET', apiPaths.directSignatureRequestLockStatus(guest.requestId, guest.token), guest),
      ),
    ).toEqual({ locked: false })

    const user = await json<DirectUser>(
      await direct('GET', apiPaths.directUser(guest.token), guest),
      200,
      attributesCase,
    )
    expect(user).toEqual({
      id: guest.signatureId,
      email: guestEmail,
      firstName: 'Grace',
      lastName: 'Hopper',
      language: null,
      attributes: {},
    })
  })

  it('refuses a wrong token, another signer’s or request’s token, and anything outside the session', async () => {
    const { guest, other } = await sendToGuests('Guarded')
    const elsewhere = await sendToGuests('Other request')
    const path = (token: string) => apiPaths.directSignatureRequest(guest.requestId, token)
    const refusals = [
      direct('GET', path('not-the-token'), guest),
      direct('GET', path(''), guest),
      // The other signer's token with this signer's session, and the other way round.
      direct('GET', path(other.token), guest),
      direct('GET', apiPaths.directSignatureRequest(other.requestId, guest.token), other),
      // A token of another request, with this request's session.
      direct('GET', path(elsewhere.guest.token), guest),
      direct('GET', apiPaths.directSignatureRequest(elsewhere.guest.requestId, guest.token), elsewhere.guest),
      fetch(`${api.server.url}${apiUrl(path(guest.token))}`),
      fetch(`${api.server.url}${apiUrl(path(guest.token))}`, {
        headers: { authorization: `Bearer ${owner}` },
      }),
      direct('POST', apiPaths.tanResend(elsewhere.guest.token), guest),
      direct('GET', apiPaths.directUser(other.token), guest),
    ]
    for (const response of await Promise.all(refusals))
      await api.expectError(response, 401, 'direct.invalid_token')

    // A good session asking for another request, or for a document of another request: 404.
    await api.expectError(
      await direct('GET', apiPaths.directSignatureRequest(elsewhere.request.id, guest.token), guest),
      404,
      'signature_request.not_found',
    )
    await api.expectError(
      await direct(
        'POST',
        apiPaths.directDeclineSignatureRequest(elsewhere.request.id, guest.token),
        guest,
        {},
      ),
      404,
      'signature_request.not_found',
    )
    for (const path of [
      apiPaths.directDocument(elsewhere.document.id, guest.token),
      apiPaths.directDocumentDownload(elsewhere.document.id, guest.token),
      apiPaths.directDocumentPage(elsewhere.document.id, 0, guest.token),
    ]) {
      await api.expectError(await direct('GET', path, guest), 404, 'document.not_found')
    }
    // Nothing changed: both signers are still open.
    const view = await api.getRequest(owner, guest.requestId)
    expect(view.signatures.map((s) => s.status)).toEqual(['OPEN', 'OPEN'])
  })

  it('mails a new link on a reminder, and the link of the first mail keeps working', async () => {
    const { guest, other } = await sendToGuests('Reminded')
    const seen = await api.mailIds()
    const reminded = await api.call('POST', apiPaths.remindSignatureRequest(guest.requestId), {
      token: owner,
    })
    expect(reminded.status).toBe(200)
    const mail = await api.waitForMail(guestEmail, /Reminder/, seen)
    expect(mail.text).toContain('This link is yours alone')
    const fresh = parseLink(mail.links.find((l) => l.includes('/view/')) ?? '')
    expect(fresh).toMatchObject({ requestId: guest.requestId, signatureId: guest.signatureId })
    expect(fresh.token).not.toBe(guest.token)

    // The signer may open either mail.
    expect((await readRequest(guest)).signatureStatus).toBe('OPEN')
    expect((await readRequest(fresh)).signatureStatus).toBe('OPEN')
    // A link of another signature, with this signature's ids, still opens nothing.
    await api.expectError(
      await direct('GET', apiPaths.directSignatureRequest(guest.requestId, other.token), guest),
      401,
      'direct.invalid_token',
    )
    api.clock.advance(hour)
  })

  it('mails a TAN, takes it once, and refuses it wrong, from another signer or too late', async () => {
    const { guest, other } = await sendToGuests('TAN checks')
    const tan = await mailTan(guest)

    // One mail a minute, however often the signer opens the sign dialog.
    const again = await direct('POST', apiPaths.tanResend(guest.token), guest)
    await api.expectError(again.clone(), 429, 'tan.resend_too_soon')
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0)

    api.clock.advance(59 * second)
    await api.expectError(
      await direct('POST', apiPaths.tanResend(guest.token), guest),
      429,
      'tan.resend_too_soon',
    )
    // The other signer's TAN is not this signer's.
    api.clock.advance(2 * second)
    // In the language the sender chose for that signer.
    const otherTan = await mailTan(other, otherGuestEmail, /Ihre Signet-TAN/)
    if (otherTan !== tan) await api.expectError(await checkTan(guest, otherTan), 422, 'tan.invalid', 'tan')

    const wrong = tan === '000000' ? '000001' : '000000'
    const refused = await checkTan(guest, wrong)
    await api.expectError(refused.clone(), 422, 'tan.invalid', 'tan')
    expect(((await refused.json()) as { message: string }).message).toMatch(/\d tries left/)
    await api.expectError(await checkTan(guest, 'abc'), 400, 'request.invalid', 'tan')
    expect(await json(await checkTan(guest, tan))).toEqual({ valid: true })
    // Used up.
    await api.expectError(await checkTan(guest, tan), 422, 'tan.invalid')

    // Ten minutes later a TAN is expired.
    const late = await mailTan(guest)
    api.clock.advance(10 * minute)
    await api.expectError(await checkTan(guest, late), 410, 'tan.expired')
    api.clock.advance(minute)
  })

  it('writes every mail in the language the signer’s page shows, else in the one the sender chose', async () => {
    const { guest, other } = await sendToGuests('Languages')
    const readUser = async (link: DirectLink) =>
      json<DirectUser>(await direct('GET', apiPaths.directUser(link.token), link), 200, attributesCase)
    // The page opens in the sender's choice for the signer, which it reads here; none was chosen for the guest.
    expect((await readUser(other)).language).toBe('de')
    expect((await readUser(guest)).language).toBeNull()
    await mailTan(other, otherGuestEmail, /Ihre Signet-TAN/)

    // The signer switches the page to French, and the page keeps its language as theirs: the next TAN and the
    // sender's reminder are French.
    const switched = await direct('PUT', apiPaths.directUser(other.token), other, {
      attributes: { lang: ['fr-ch'] },
    })
    expect(switched.status, await switched.text()).toBe(200)
    api.clock.advance(61 * second)
    await mailTan(other, otherGuestEmail, /Votre TAN Signet/)
    const seen = await api.mailIds()
    const reminded = await api.call('POST', apiPaths.remindSignatureRequest(other.requestId), {
      token: owner,
    })
    expect(reminded.status).toBe(200)
    await api.waitForMail(otherGuestEmail, /^Rappel/, seen)
    // The guest's page shows the app's (or the browser's) language, English here: so do their mails.
    await api.waitForMail(guestEmail, /^Reminder/, seen)
    api.clock.advance(hour)
  })

  it('refuses a signer language the product does not speak, naming the field', async () => {
    const created = await api.call('POST', apiPaths.signatureRequests(), {
      token: owner,
      body: {
        title: 'Spanish',
        signatures: [{ signer_identity_data: { email_address: guestEmail, language: 'es' } }],
      },
    })
    await api.expectError(created, 400, 'request.invalid', 'signatures.0.signer_identity_data.language')
  })

  it('locks the TAN after five wrong tries, until a new one is mailed', async () => {
    const { guest } = await sendToGuests('TAN lock')
    const tan = await mailTan(guest)
    const wrong = tan === '000000' ? '000001' : '000000'
    for (let attempt = 1; attempt <= 4; attempt++) {
      await api.expectError(await checkTan(guest, wrong), 422, 'tan.invalid')
    }
    await api.expectError(await checkTan(guest, wrong), 423, 'tan.locked')
    await api.expectError(await checkTan(guest, tan), 423, 'tan.locked')

    // A new TAN unlocks. The body's subject, link and branding do not make it into the mail.
    api.clock.advance(61 * second)
    const seen = await api.mailIds()
    const resent = await direct('POST', apiPaths.tanResend(guest.token), guest, {
      url: 'https://evil.example/phish',
      subject: 'Urgent: click here',
      company_branding: { logo: { url: 'https://evil.example/logo.png', height: 10, width: 10 } },
    })
    expect(resent.status).toBe(204)
    const mail = await api.waitForMail(guestEmail, /Your Signet TAN/, seen)
    expect(mail.text).not.toContain('evil.example')
    expect(mail.subject).not.toContain('Urgent')
    const fresh = /\b(\d{6})\b/.exec(mail.text)?.[1] ?? ''
    expect(mail.subject).not.toContain(fresh)
    expect(await json(await checkTan(guest, fresh))).toEqual({ valid: true })
    api.clock.advance(minute)
  })

  it('keeps what the signer sets as their attributes, and refuses unknown ones', async () => {
    const { guest } = await sendToGuests('Attributes')
    const put = (attributes: unknown) =>
      direct('PUT', apiPaths.directUser(guest.token), guest, { attributes })
    const user = await json<DirectUser>(
      await put({ lang: ['de'], visual_signature_name: ['G. Hopper'] }),
      200,
      attributesCase,
    )
    expect(user.attributes).toEqual({ lang: ['de'], visual_signature_name: ['G. Hopper'] })
    await json(await put({ mobile: ['+41 79 000 00 00'] }))
    const read = await json<DirectUser>(
      await direct('GET', apiPaths.directUser(guest.token), guest),
      200,
      attributesCase,
    )
    expect(read.attributes).toEqual({
      lang: ['de'],
      visual_signature_name: ['G. Hopper'],
      mobile: ['+41 79 000 00 00'],
    })

    await api.expectError(
      await put({ accepted_gtc: ['yes'] }),
      400,
      'request.invalid',
      'attributes.accepted_gtc',
    )
    await api.expectError(await put({ lang: 'de' }), 400, 'request.invalid', 'attributes.lang')
    await api.expectError(await put({ lang: [1] }), 400, 'request.invalid', 'attributes.lang.0')
  })

  it('lets a signer decline through the link, and then only read', async () => {
    const { guest } = await sendToGuests('Declined directly')
    const declined = await json<SignatureRequestView>(
      await direct('POST', apiPaths.directDeclineSignatureRequest(guest.requestId, guest.token), guest, {
        message: 'Not mine',
      }),
    )
    expect(declined).toMatchObject({ statusOverall: 'DECLINED', signatureStatus: 'DECLINED' })

    const { events } = await json<SignatureRequestEventList>(
      await direct('GET', apiPaths.directSignatureRequestEvents(guest.requestId, guest.token), guest),
    )
    // The entry names the direct-link signer by the address their link went to.
    expect(events.at(-1)).toMatchObject({
      type: 'declined',
      actorEmail: guestEmail,
      detail: { message: 'Not mine', signerEmail: guestEmail },
    })
    expect((await readRequest(guest)).statusOverall).toBe('DECLINED')
    await api.expectError(
      await direct('POST', apiPaths.directDeclineSignatureRequest(guest.requestId, guest.token), guest, {}),
      409,
      'signature_request.not_open',
    )
    await api.expectError(
      await direct('POST', apiPaths.tanResend(guest.token), guest),
      409,
      'signature_request.not_open',
    )
    // Nor can anyone claim the link of a declined request into their account.
    const claimer = await api.signUp('late-claimer@example.com')
    await api.expectError(
      await api.call('POST', apiPaths.sendtoClaim(guest.signatureId, guest.token), { token: claimer }),
      409,
      'signature_request.not_open',
    )
  })

  it('lets the signer type the company a company field asks for, from the sender’s value (issue 40)', async () => {
    const seen = await api.mailIds()
    const title = 'Company typed'
    const draft = await api.create(owner, { title })
    const document = await uploaded(await api.upload(owner, draft.id, await makePdf([a4])))
    const company = (y: number, more: Record<string, unknown> = {}) => ({
      kind: 'company',
      document_id: document.id,
      page: 0,
      x: 72,
      y,
      width: 200,
      height: 20,
      ...more,
    })
    const added = await api.call('POST', apiPaths.signatureRequestSignatures(draft.id), {
      token: owner,
      body: {
        signer_identity_data: { email_address: guestEmail, first_name: 'Grace' },
        form_fields: [company(600), company(500, { required: false, value: 'Given AG' })],
      },
    })
    expect(added.status, await added.text()).toBe(201)
    await json(await api.call('POST', apiPaths.initiateSignatureRequest(draft.id), { token: owner }))
    const mail = await api.waitForMail(guestEmail, new RegExp(title), seen)
    const guest = parseLink(mail.links.find((l) => l.includes('/view/')) ?? '')
    const [typed, given] = (await readRequest(guest)).signatures[0]?.formFields ?? []
    expect(given).toMatchObject({ value: 'Given AG', filledBy: 'sender' })
    expect(await json(await checkTan(guest, await mailTan(guest)))).toEqual({ valid: true })
    const sign = (formValues: { field_id: string | undefined; value: string }[]) =>
      direct('POST', apiPaths.directSign(guest.token), guest, {
        signature_requests: [{ signature_request_id: guest.requestId, form_values: formValues }],
        language: 'en',
      })
    // The required one left empty, or a company too long: refused, naming it, before anything is signed.
    await api.expectError(await sign([]), 400, 'request.invalid', 'signature_requests.0.form_values')
    await api.expectError(
      await sign([{ field_id: typed?.id, value: 'A'.repeat(201) }]),
      400,
      'request.invalid',
      'signature_requests.0.form_values.0.value',
    )
    const signed = await json<SignAnswer>(await sign([{ field_id: typed?.id, value: 'Grace Works AG' }]))
    expect(signed.results[0]).toMatchObject({ result: 'complete', statusOverall: 'SIGNED' })
    const fields = (await api.getRequest(owner, draft.id)).signatures[0]?.formFields ?? []
    expect(fields.map((f) => [f.value, f.filledBy])).toEqual([
      ['Grace Works AG', 'signer'],
      ['Given AG', 'sender'],
    ])
  })

  it('signs through the link once a TAN is confirmed, once', async () => {
    const { guest, other, document, request } = await sendToGuests('Signed directly')
    const sign = (link: DirectLink, body: Record<string, unknown> = {}, id = link.requestId) =>
      direct('POST', apiPaths.directSign(link.token), link, {
        signature_requests: [{ signature_request_id: id }],
        language: 'en',
        ...body,
      })
    const results = async (response: Response) => (await json<SignAnswer>(response)).results

    expect(await results(await sign(guest))).toEqual([
      { signatureRequestId: request.id, result: 'tan_required', statusOverall: 'OPEN' },
    ])
    const elsewhere = await sendToGuests('Not this one')
    await api.expectError(await sign(guest, {}, elsewhere.request.id), 404, 'signature_request.not_found')

    const tan = await mailTan(guest)
    const wrong = tan === '000000' ? '000001' : '000000'
    expect(await results(await sign(guest, { tan: wrong }))).toEqual([
      { signatureRequestId: request.id, result: 'tan_invalid', statusOverall: 'OPEN', tanTriesLeft: 4 },
    ])
    expect((await api.getRequest(owner, request.id)).signatures.map((s) => s.status)).toEqual([
      'OPEN',
      'OPEN',
    ])

    expect(await results(await sign(guest, { tan }))).toEqual([
      { signatureRequestId: request.id, result: 'complete', statusOverall: 'OPEN' },
    ])
    await api.expectError(await sign(guest), 409, 'signature_request.already_signed')
    // Signed, the signer still reads the request and its signed document.
    expect((await readRequest(guest)).signatureStatus).toBe('SIGNED')
    const signed = await direct('GET', apiPaths.directDocumentDownload(document.id, guest.token, true), guest)
    expect(signed.status).toBe(200)
    expect((await signed.arrayBuffer()).byteLength).toBeGreaterThan(document.size)

    // The other signer confirms the TAN first and then signs: the request is signed.
    const otherTan = await mailTan(other, otherGuestEmail, /Ihre Signet-TAN/)
    expect(await json(await checkTan(other, otherTan))).toEqual({ valid: true })
    expect((await results(await sign(other)))[0]).toMatchObject({
      result: 'complete',
      statusOverall: 'SIGNED',
    })
    expect((await api.getRequest(owner, request.id)).statusOverall).toBe('SIGNED')
  })

  it('lets a signed-in user see and claim a link into their account', async () => {
    const { guest, other } = await sendToGuests('Claimed')
    const claimer = await api.signUp('claimer@example.com')
    const summary = await json<SendtoSummary>(
      await api.call('GET', apiPaths.sendtoGetInternal(guest.signatureId, guest.token), { token: claimer }),
    )
    expect(summary).toEqual({
      signatureId: guest.signatureId,
      signatureRequestId: guest.requestId,
      title: 'Claimed',
      senderEmail: ownerEmail,
      documentsCount: 1,
      signerEmail: guestEmail,
      statusOverall: 'OPEN',
      signatureStatus: 'OPEN',
    })
    for (const response of await Promise.all([
      api.call('GET', apiPaths.sendtoGetInternal(guest.signatureId, other.token), { token: claimer }),
      api.call('GET', apiPaths.sendtoGetInternal(other.signatureId, 'wrong'), { token: claimer }),
      api.call('POST', apiPaths.sendtoClaim(guest.signatureId, other.token), { token: claimer }),
    ])) {
      await api.expectError(response, 404, 'signature_request.not_found')
    }
    await api.expectError(
      await api.call('GET', apiPaths.sendtoGetInternal(guest.signatureId, guest.token)),
      401,
      'auth.unauthenticated',
    )

    const claimed = await json<SignatureRequestView>(
      await api.call('POST', apiPaths.sendtoClaim(guest.signatureId, guest.token), { token: claimer }),
    )
    expect(claimed).toMatchObject({ id: guest.requestId, isOwner: false, signatureStatus: 'OPEN' })
    expect(claimed.signatures.map((s) => s.accountEmail).sort()).toEqual([
      'claimer@example.com',
      otherGuestEmail,
    ])
    expect((await api.list(claimer)).items.map((i) => i.id)).toContain(guest.requestId)

    // The link now belongs to the account: it opens nothing and cannot be claimed again.
    await api.expectError(
      await direct('GET', apiPaths.directSignatureRequest(guest.requestId, guest.token), guest),
      401,
      'direct.invalid_token',
    )
    await api.expectError(
      await api.call('POST', apiPaths.sendtoClaim(guest.signatureId, guest.token), { token: claimer }),
      404,
      'signature_request.not_found',
    )
    // Someone who signs the request already cannot take a second signature in it.
    await api.expectError(
      await api.call('POST', apiPaths.sendtoClaim(other.signatureId, other.token), { token: claimer }),
      409,
      'signature_request.already_a_signer',
    )
    const { events } = toCamelCase(
      await (
        await api.call('GET', apiPaths.signatureRequestEvents(guest.requestId), { token: owner })
      ).json(),
    ) as SignatureRequestEventList
    expect(events.at(-1)).toMatchObject({ type: 'claimed', actorEmail: 'claimer@example.com' })
  })
})
