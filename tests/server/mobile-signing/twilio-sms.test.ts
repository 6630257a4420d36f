import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toCamelCase } from '../../../contract/case.ts'
import { mobileSigningPaths, mobileSigningSentSchema } from '../../../contract/mobile-signing.ts'
import { apiUrl } from '../../../contract/paths.ts'
import { twilioSignature } from '../../../server/providers/mobile-signing/twilio-mobile-signing-provider.ts'
import { type AccountsClient, readJson, startAccountsClient } from '../accounts/accounts-client.ts'
import { startFakeTwilio } from '../providers/fake-twilio.ts'
import { drivers } from '../test-database.ts'

const accountSid = `AC${'0123456789abcdef'.repeat(2)}`
const authToken = 'twilio-auth-token-of-the-tests'

describe.each(drivers)('SMS through Twilio on %s', (driver) => {
  let fake: Awaited<ReturnType<typeof startFakeTwilio>>
  let api: AccountsClient

  beforeAll(async () => {
    fake = await startFakeTwilio()
    api = await startAccountsClient(driver, {
      twilio: { accountSid, authToken, sender: { from: 'Signet' }, apiUrl: fake.url },
    })
  }, 60_000)

  afterAll(async () => {
    await api?.server.stop()
    await fake?.close()
  })

  const register = (token: string, mobile: string) =>
    api.call('POST', mobileSigningPaths.registerMobile(), { token, body: { mobile } })

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
    const code = /\b(\d{6})\b/.exec(sms?.get('Body') ?? '')?.[1] ?? ''
    const confirmed = await api.call('POST', mobileSigningPaths.confirmMobile(), {
      token: ada,
      body: { id: sent.id, secret: code },
    })
    expect(await readJson(confirmed)).toEqual({ mobile: '+41791234567' })
  })

  it('answers 422 naming the mobile number when Twilio refuses it, and 503 while Twilio is down', async () => {
    const bob = await api.signUp('bob@example.com')
    fake.become('refusing the number')
    await api.expectError(await register(bob, '+41441234567'), 422, 'mobile_signing.mobile_invalid', 'mobile')
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
})
