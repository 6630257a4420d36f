import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  MobileNumberRefused,
  MobileProviderUnavailable,
} from '../../../server/providers/mobile-signing/mobile-signing-provider.ts'
import {
  createTwilioMobileSigningProvider,
  isTwilioSignature,
  twilioSignature,
} from '../../../server/providers/mobile-signing/twilio-mobile-signing-provider.ts'
import { startFakeTwilio } from './fake-twilio.ts'

const accountSid = `AC${'0123456789abcdef'.repeat(2)}`
const authToken = 'twilio-auth-token-of-the-tests'
const statusCallback = 'https://sign.example.com/api/webhooks/twilio/status'

describe('the Twilio mobile signing provider (against a local Twilio API)', () => {
  let fake: Awaited<ReturnType<typeof startFakeTwilio>>
  beforeAll(async () => {
    fake = await startFakeTwilio()
  })
  afterAll(() => fake.close())
  beforeEach(() => {
    fake.requests.length = 0
    fake.become('accepting')
  })

  const provider = (sender: { from: string } | { messagingServiceSid: string } = { from: 'Signet' }) =>
    createTwilioMobileSigningProvider({ accountSid, authToken, sender, apiUrl: fake.url }, statusCallback)

  it('posts the SMS to the account’s Messages with basic auth and answers the message SID', async () => {
    const sid = await provider().send('+41791234567', 'Your code is 123456', 'ms-1')
    expect(sid).toBe('SM1')
    expect(fake.requests).toHaveLength(1)
    const [request] = fake.requests
    expect(request?.method).toBe('POST')
    expect(request?.path).toBe(`/2010-04-01/Accounts/${accountSid}/Messages.json`)
    expect(request?.authorization).toBe(
      `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
    )
    expect(Object.fromEntries(request?.form ?? [])).toEqual({
      To: '+41791234567',
      From: 'Signet',
      Body: 'Your code is 123456',
      StatusCallback: `${statusCallback}?ref=ms-1`,
    })
  })

  it('sends through a messaging service instead of a sender when one is configured', async () => {
    const messagingServiceSid = `MG${'fedcba9876543210'.repeat(2)}`
    await provider({ messagingServiceSid }).send('+41791234567', 'Your code is 123456', 'ms-2')
    const form = fake.requests[0]?.form
    expect(form?.get('MessagingServiceSid')).toBe(messagingServiceSid)
    expect(form?.has('From')).toBe(false)
  })

  it('tells a number Twilio refuses from Twilio being down or out of reach', async () => {
    fake.become('refusing the number')
    const refused = provider().send('+41441234567', 'Your code is 123456', 'ms-3')
    await expect(refused).rejects.toThrow(MobileNumberRefused)
    await expect(refused).rejects.toThrow(/21614/)
    fake.become('down')
    await expect(provider().send('+41791234567', 'Your code', 'ms-4')).rejects.toThrow(
      MobileProviderUnavailable,
    )
    const nowhere = createTwilioMobileSigningProvider(
      { accountSid, authToken, sender: { from: 'Signet' }, apiUrl: 'http://127.0.0.1:1' },
      statusCallback,
    )
    await expect(nowhere.send('+41791234567', 'Your code', 'ms-5')).rejects.toThrow(MobileProviderUnavailable)
  })

  it('signs requests as Twilio’s documented example does', () => {
    // The example of twilio.com/docs/usage/security: URL, form and auth token, and the signature Twilio sends.
    const url = 'https://mycompany.com/myapp.php?foo=1&bar=2'
    const params = new URLSearchParams({
      CallSid: 'CA1234567890ABCDE',
      Caller: '+12349013030',
      Digits: '1234',
      From: '+12349013030',
      To: '+18005551212',
    })
    expect(twilioSignature('12345', url, params)).toBe('0/KCTR6DLpKmkAf8muzZqo1nDgQ=')
    expect(isTwilioSignature('12345', url, params, '0/KCTR6DLpKmkAf8muzZqo1nDgQ=')).toBe(true)
    expect(isTwilioSignature('12346', url, params, '0/KCTR6DLpKmkAf8muzZqo1nDgQ=')).toBe(false)
    params.set('Digits', '1235')
    expect(isTwilioSignature('12345', url, params, '0/KCTR6DLpKmkAf8muzZqo1nDgQ=')).toBe(false)
    expect(isTwilioSignature('12345', url, params, undefined)).toBe(false)
  })
})
