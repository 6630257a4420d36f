import { type APIRequestContext, expect } from '@playwright/test'
import { Secret, TOTP } from 'otpauth'
import type { TestAccount } from './test-account.ts'

const auth = (account: TestAccount) => ({ Authorization: `Bearer ${account.token}` })

/**
 * The code the authenticator app shows `stepsAhead` 30 s steps after the server's time: the server accepts the
 * next step's too (a phone's clock may run ahead), so a journey need not wait for a fresh code.
 */
export async function codeAt(request: APIRequestContext, secret: string, stepsAhead: number) {
  const { now } = (await (await request.get('/api/v1/datetime')).json()) as { now: string }
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.parse(now) + stepsAhead * 30_000,
  })
}

/** Switches two-step verification on for `account` through the real API; answers its secret. */
export async function switchOnSecondFactor(
  request: APIRequestContext,
  account: TestAccount,
): Promise<string> {
  const setup = await request.post('/api/v1/user/second-factor/setup', { headers: auth(account) })
  expect(setup.ok(), await setup.text()).toBe(true)
  const { secret } = (await setup.json()) as { secret: string }
  const enabled = await request.post('/api/v1/user/second-factor/enable', {
    headers: auth(account),
    data: { password: account.password, code: await codeAt(request, secret, 0) },
  })
  expect(enabled.ok(), await enabled.text()).toBe(true)
  return secret
}
