import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toCamelCase } from '../../../contract/case.ts'
import { directAuthorization } from '../../../contract/direct.ts'
import { identificationPaths } from '../../../contract/identification.ts'
import { mobileSigningPaths } from '../../../contract/mobile-signing.ts'
import { apiPaths, apiUrl } from '../../../contract/paths.ts'
import { type SignAnswer, signAnswerSchema } from '../../../contract/signing.ts'
import { validatePdf } from '../../../server/signing/validate-pdf.ts'
import { a4, makePdf } from '../../fixtures/make-fixtures.ts'
import { type DirectLink, parseLink } from '../direct/direct-link.ts'
import { buyLicence } from '../identification/buy-licence.ts'
import { reportText, requestEvents } from '../signature-requests/request-history.ts'
import { type RequestsClient, startRequestsClient, uploaded } from '../signature-requests/requests-client.ts'
import { removeTemporaryDirectories, temporaryDirectory } from '../signing/pdf-tools.ts'
import { featureDrivers } from '../test-database.ts'

afterAll(removeTemporaryDirectories)

// A request asking for a qualified signature, signed by a direct-link signer: identification for their
// signature first, then the SMS to the number the sender gave, then the direct proceed.
describe.each(featureDrivers)('qualified signing of a direct-link signer on %s', (driver) => {
  let api: RequestsClient
  let owner: string
  let guest: DirectLink
  let other: DirectLink
  const mobile = '+41790000001'

  beforeAll(async () => {
    api = await startRequestsClient(driver)
    owner = await api.signUp('owner@example.com')
    const seen = await api.mailIds()
    const draft = await api.create(owner, {
      title: 'Qualified lease',
      quality: 'qes',
      signatures: [
        {
          signer_identity_data: {
            email_address: 'guest@example.com',
            first_name: 'Grace',
            last_name: 'Hopper',
            mobile_number: mobile,
          },
        },
        { signer_identity_data: { email_address: 'other@example.com' } },
      ],
    })
    await uploaded(await api.upload(owner, draft.id, await makePdf([a4])))
    expect(
      (await api.call('POST', apiPaths.initiateSignatureRequest(draft.id), { token: owner })).status,
    ).toBe(200)
    const linkOf = async (email: string) => {
      const mail = await api.waitForMail(email, /Qualified lease/, seen)
      return parseLink(mail.links.find((l) => l.includes('/view/')) ?? '')
    }
    guest = await linkOf('guest@example.com')
    other = await linkOf('other@example.com')
  })

  afterAll(async () => {
    await api?.server.stop()
  })

  const direct = (method: string, path: string, link: DirectLink, body?: unknown) =>
    fetch(`${api.server.url}${apiUrl(path)}`, {
      method,
      headers: {
        authorization: directAuthorization(link.signatureId, link.requestId),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  const answer = async (response: Response): Promise<SignAnswer> => {
    const text = await response.text()
    expect(response.status, text).toBe(200)
    return v.parse(signAnswerSchema, toCamelCase(JSON.parse(text)))
  }
  const signBody = (link: DirectLink, tan?: string) => ({
    signature_requests: [{ signature_request_id: link.requestId }],
    language: 'en',
    ...(tan === undefined ? {} : { tan }),
  })
  async function mailedTan(link: DirectLink, email: string): Promise<string> {
    const seen = await api.mailIds()
    expect((await direct('POST', apiPaths.tanResend(link.token), link)).status).toBe(204)
    const mail = await api.waitForMail(email, /TAN/, seen)
    return /\b(\d{6})\b/.exec(mail.text)?.[1] ?? ''
  }

  it('sends an unidentified signer to identification, then signs qualified with the SMS password', async () => {
    const tan = await mailedTan(guest, 'guest@example.com')
    expect(
      (await answer(await direct('POST', apiPaths.directSign(guest.token), guest, signBody(guest, tan))))
        .results,
    ).toEqual([
      { signatureRequestId: guest.requestId, result: 'identification_required', statusOverall: 'OPEN' },
    ])

    // Identification for this signature at the sandbox provider unlocks qualified zertes for it.
    await buyLicence(api.server.url, { link: guest }, 'zertes')
    const started = await direct('POST', identificationPaths.direct('zertes', 'video', guest.token), guest, {
      signature_request_id: guest.requestId,
    })
    expect(started.status, await started.clone().text()).toBe(201)
    const { identUrl } = toCamelCase(await started.json()) as { identUrl: string }
    const done = await fetch(`${api.server.url}${new URL(identUrl).pathname}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ outcome: 'complete', first_name: 'Grace', last_name: 'Hopper' }),
    })
    expect(done.status).toBe(303)

    const seen = await api.mailIds()
    const deferred = await answer(
      await direct('POST', apiPaths.directSign(guest.token), guest, signBody(guest)),
    )
    expect(deferred.results).toEqual([
      {
        signatureRequestId: guest.requestId,
        result: 'mobile_aes',
        statusOverall: 'OPEN',
        mobileSigningId: expect.any(String),
        mobileProvider: 'mobileid',
        maskedMobile: '+41••••••001',
      },
    ])
    const id = deferred.results[0]?.mobileSigningId ?? ''
    const sms = await api.waitForMail('41790000001@sms.invalid', /^SMS to/, seen)
    const password = /\b(\d{6})\b/.exec(sms.text)?.[1] ?? ''
    expect(sms.text).toContain('“Qualified lease”')

    // Neither the other signer nor the owner's account may confirm it.
    const proceed = (link: DirectLink) =>
      direct('POST', mobileSigningPaths.directProceed('mobileid', id, link.token), link, { pwdotp: password })
    await api.expectError(await proceed(other), 404, 'mobile_signing.not_found')
    await api.expectError(
      await api.call('POST', mobileSigningPaths.proceed('mobileid', id), {
        token: owner,
        body: { pwdotp: password },
      }),
      404,
      'mobile_signing.not_found',
    )
    await api.expectError(
      await direct('POST', mobileSigningPaths.cancel(id, other.token), other),
      404,
      'mobile_signing.not_found',
    )

    expect((await answer(await proceed(guest))).results).toEqual([
      { signatureRequestId: guest.requestId, result: 'complete', statusOverall: 'OPEN' },
    ])
    const view = await api.getRequest(owner, guest.requestId)
    expect(view.signatures.find((s) => s.id === guest.signatureId)?.status).toBe('SIGNED')
    const download = await fetch(
      `${api.server.url}/api${apiPaths.documentDownload(view.documents[0]?.id ?? '')}?signed=true`,
      { headers: { authorization: `Bearer ${owner}` } },
    )
    const report = await validatePdf(new Uint8Array(await download.arrayBuffer()), { trustedRoots: [] })
    if (report.status !== 'ok') throw new Error('unreadable')
    expect(report.signatures.map((s) => [s.signer?.commonName, s.quality, s.demo])).toEqual([
      ['Grace Hopper', 'qes', true],
    ])

    // The history and the report name the signer by address and every way they were verified: the TAN to the
    // address, the identification for this signature (provider and method) and the SMS one-time password.
    expect((await requestEvents(api, owner, guest.requestId)).filter((e) => e.type === 'signed')).toEqual([
      expect.objectContaining({
        actorEmail: 'guest@example.com',
        detail: expect.objectContaining({
          quality: 'qes',
          verifications: [
            { method: 'tan', to: 'guest@example.com' },
            { method: 'identification', provider: 'zertes', mode: 'video', reference: expect.any(String) },
            { method: 'sms_otp', to: '+41••••••001' },
          ],
        }),
      }),
    ])
    const history = await reportText(
      api,
      owner,
      guest.requestId,
      temporaryDirectory(`direct-mobile-${driver}`),
    )
    expect(history).toContain(
      'Signed by guest@example.com from 127.0.0.1 Signature standard: QES Verified by: TAN sent to guest@example.com; video identification (ZertES); one-time password by SMS to +41••••••001',
    )
  })

  it('refuses a qualified signing for a signer without a mobile number, naming mobile', async () => {
    const tan = await mailedTan(other, 'other@example.com')
    await buyLicence(api.server.url, { link: other }, 'zertes')
    const started = await direct(
      'POST',
      identificationPaths.direct('zertes', 'video', other.token),
      other,
      {},
    )
    expect(started.status, await started.clone().text()).toBe(201)
    const { identUrl } = toCamelCase(await started.json()) as { identUrl: string }
    await fetch(`${api.server.url}${new URL(identUrl).pathname}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ outcome: 'complete', first_name: 'Otto', last_name: 'Other' }),
    })
    await api.expectError(
      await direct('POST', apiPaths.directSign(other.token), other, signBody(other, tan)),
      409,
      'mobile_signing.mobile_missing',
      'mobile',
    )
  })
})
