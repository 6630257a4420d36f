import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toCamelCase } from '../../../contract/case.ts'
import { mobileSigningPaths, mobileSigningSentSchema } from '../../../contract/mobile-signing.ts'
import { apiPaths, apiUrl } from '../../../contract/paths.ts'
import { type SignAnswer, signAnswerSchema } from '../../../contract/signing.ts'
import { twilioSignature } from '../../../server/providers/mobile-signing/twilio-mobile-signing-provider.ts'
import { readJson } from '../accounts/accounts-client.ts'
import { identifyQualified } from '../identification/identify-qualified.ts'
import { startFakeTwilio } from '../providers/fake-twilio.ts'
import { makePdf } from '../signing/pdf-tools.ts'
import { type SigningClient, startSigningClient } from '../signing/signing-client.ts'
import { featureDrivers } from '../test-database.ts'

const accountSid = `AC${'0123456789abcdef'.repeat(2)}`
const authToken = 'twilio-auth-token-of-the-tests'

describe.each(featureDrivers)('SMS through Twilio on %s', (driver) => {
  let fake: Awaited<ReturnType<typeof startFakeTwilio>>
  let api: SigningClient

  beforeAll(async () => {
    fake = await startFakeTwilio()
    api = await startSigningClient(driver, {
      identificationSandboxSecret: 'identification-sandbox-secret-of-the-tests-0123456789',
      twilio: { accountSid, authToken, sender: { from: 'Signet' }, apiUrl: fake.url },
    })
  }, 60_000)

  afterAll(async () => {
    await api?.server.stop()
    await fake?.close()
  })

  const register = (token: string, mobile: string) =>
    api.call('POST', mobileSigningPaths.registerMobile(), { token, body: { mobile } })
  /** The 6-digit code of the last SMS Twilio took. */
  const lastCode = () => /\b(\d{6})\b/.exec(fake.requests.at(-1)?.form.get('Body') ?? '')?.[1] ?? ''
  const answer = async (response: Response): Promise<SignAnswer> =>
    v.parse(signAnswerSchema, toCamelCase(await readJson(response)))

  it('registers a mobile number with the code of the SMS that Twilio took', async () => {
    fake.become('accepting')
    const ada = await api.signUp('ada@example.com')
    const sent = v.parse(
      mobileSigningSentSchema,
      toCamelCase(await readJson(await register(ada, '+41 79 123 45 67'), 201)),
    )
    const sms = fake.requests.at(-1)?.form
    expect(sms?.get('To')).toBe('+41791234567')
    expect(sms?.get('From')).toBe('Signet')
    const confirmed = await api.call('POST', mobileSigningPaths.confirmMobile(), {
      token: ada,
      body: { id: sent.id, secret: lastCode() },
    })
    expect(await readJson(confirmed)).toEqual({ mobile: '+41791234567' })
  })

  it('answers 422 naming the mobile number when Twilio refuses it, and 503 while Twilio is down', async () => {
    const bob = await api.signUp('bob@example.com')
    fake.become('refusing the number')
    await api.expectError(await register(bob, '+41791110009'), 422, 'mobile_signing.mobile_invalid', 'mobile')
    fake.become('down')
    await api.expectError(await register(bob, '+41791234568'), 503, 'server.unavailable')
    // Neither left a registration behind: the next one is not held back by the one-SMS-a-minute rule.
    fake.become('accepting')
    expect((await register(bob, '+41791234568')).status).toBe(201)
  })

  it('takes a delivery report signed by Twilio and refuses one signed otherwise', async () => {
    fake.become('accepting')
    const cleo = await api.signUp('cleo@example.com')
    expect((await register(cleo, '+41791234569')).status).toBe(201)
    // Twilio posts to the StatusCallback it was given, signing that URL and the form.
    const callback = new URL(fake.requests.at(-1)?.form.get('StatusCallback') ?? '')
    expect(callback.pathname).toBe(apiUrl(mobileSigningPaths.twilioStatus()))
    const report = new URLSearchParams({
      AccountSid: accountSid,
      MessageSid: 'SM3',
      MessageStatus: 'undelivered',
      ErrorCode: '30003',
      To: '+41791234569',
    })
    const post = (signature: string) =>
      fetch(`${api.server.url}${callback.pathname}${callback.search}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
        body: report,
      })
    expect((await post(twilioSignature(authToken, callback.href, report))).status).toBe(204)
    await api.expectError(
      await post(twilioSignature('another-auth-token', callback.href, report)),
      400,
      'mobile_signing.webhook_invalid',
    )
  })
  it('signs qualified with the password of the SMS Twilio took; a new SMS while Twilio is down changes nothing', async () => {
    fake.become('accepting')
    const owner = await api.signUp('owner@example.com')
    const dora = await api.signUp('dora@example.com')
    await identifyQualified(api, dora)
    // Dora chooses the qualified standard as her default: the request, which asks for none, signs qualified.
    await readJson(
      await api.call('PUT', apiPaths.user(), {
        token: dora,
        body: { attributes: { default_quality: ['qes'] } },
      }),
    )
    const registration = v.parse(
      mobileSigningSentSchema,
      toCamelCase(await readJson(await register(dora, '+41791234570'), 201)),
    )
    const confirmed = await api.call('POST', mobileSigningPaths.confirmMobile(), {
      token: dora,
      body: { id: registration.id, secret: lastCode() },
    })
    expect(confirmed.status).toBe(200)
    const request = await api.openRequest(owner, 'Deed', ['dora@example.com'], [await makePdf(1)])
    const [started] = await api.signed(dora, [{ signature_request_id: request.id }])
    expect(started).toMatchObject({ result: 'mobile_aes', mobileProvider: 'sms' })
    expect(fake.requests.at(-1)?.form.get('To')).toBe('+41791234570')
    const password = lastCode()
    const id = started?.mobileSigningId ?? ''
    // A minute on, the signer asks for a new SMS while Twilio is down: 503, and the first password still holds.
    api.clock.advance(60_000)
    fake.become('down')
    await api.expectError(
      await api.call('POST', mobileSigningPaths.resend(id), { token: dora }),
      503,
      'server.unavailable',
    )
    fake.become('accepting')
    const proceeded = await api.call('POST', mobileSigningPaths.proceed('sms', id), {
      token: dora,
      body: { pwdotp: password },
    })
    expect((await answer(proceeded)).results).toEqual([
      { signatureRequestId: request.id, result: 'complete', statusOverall: 'SIGNED' },
    ])
  })
})
