import { pino } from 'pino'
import { describe, expect, it } from 'vitest'
import { mobileSigningPaths } from '../../../contract/mobile-signing.ts'
import { twilioSignature } from '../../../server/providers/mobile-signing/twilio-mobile-signing-provider.ts'
import { createTwilioStatusRoutes } from '../../../server/routes/twilio-status.ts'

const authToken = 'twilio-auth-token-of-the-tests'
const publicUrl = 'https://sign.example.com'

/** The status callback route with a logger whose entries the test reads. */
function statusRoutes() {
  const entries: Record<string, unknown>[] = []
  const logger = pino({ level: 'info' }, { write: (line: string) => entries.push(JSON.parse(line)) })
  const twilio = { accountSid: `AC${'0'.repeat(32)}`, authToken, sender: { from: 'Signet' } }
  return { routes: createTwilioStatusRoutes({ twilio, publicUrl, logger }), entries }
}

/** Posts a delivery report of `status` for the mobile signing `ms-1`, signed as Twilio signs it. */
function report(routes: ReturnType<typeof statusRoutes>['routes'], status: string) {
  const path = `${mobileSigningPaths.twilioStatus()}?ref=ms-1`
  const form = new URLSearchParams({
    MessageSid: 'SM1',
    MessageStatus: status,
    To: '+41791234567',
    ...(status === 'delivered' ? {} : { ErrorCode: '30003' }),
  })
  return routes.request(path, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilioSignature(authToken, `${publicUrl}${path}`, form),
    },
    body: form,
  })
}

describe('Twilio delivery reports', () => {
  it('logs an SMS that was not delivered, naming the mobile signing and Twilio’s error, and not a delivered one', async () => {
    const { routes, entries } = statusRoutes()
    expect((await report(routes, 'delivered')).status).toBe(204)
    expect(entries).toEqual([])
    expect((await report(routes, 'undelivered')).status).toBe(204)
    expect(entries).toEqual([
      expect.objectContaining({
        msg: 'SMS not delivered',
        mobileSigningId: 'ms-1',
        messageSid: 'SM1',
        status: 'undelivered',
        errorCode: '30003',
        to: '+41••••••567',
      }),
    ])
  })
})
