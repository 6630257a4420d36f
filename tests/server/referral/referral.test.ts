import { jwtVerify } from 'jose'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiUserKeySchema, apiUserPaths } from '../../../contract/api-users.ts'
import { businessPaths, businessSchema } from '../../../contract/businesses.ts'
import { apiPaths, apiUrl } from '../../../contract/paths.ts'
import { referralPaths, referralTokenSchema } from '../../../contract/referral.ts'
import { type AccountsClient, readJson, startAccountsClient } from '../accounts/accounts-client.ts'
import { featureDrivers } from '../test-database.ts'

const referral = {
  productId: 'signet-ch',
  productSecret: 'a-product-secret-of-cello-0123456789',
  sandbox: true,
}

describe.each(featureDrivers)('the referral widget token on %s (SPEC §7, §8)', (driver) => {
  let withService: AccountsClient
  let without: AccountsClient

  beforeAll(async () => {
    ;[withService, without] = await Promise.all([
      startAccountsClient(driver, { referral }),
      startAccountsClient(driver),
    ])
  })
  afterAll(async () => {
    await Promise.all([withService?.server.stop(), without?.server.stop()])
  })

  it('signs each user a token of the product, HS512 with the product secret', async () => {
    const token = await withService.signUp('referrer@example.test')
    const me = (await readJson(await withService.call('GET', apiPaths.user(), { token }))) as { id: string }
    const answer = v.parse(
      referralTokenSchema,
      await readJson(await withService.call('POST', referralPaths.referralToken(), { token })),
    )
    expect(answer.productId).toBe('signet-ch')
    // The sandbox's own stand-in of the service's script, served by the server.
    expect(answer.scriptUrl).toBe('/api/sandbox/cello.js')
    const { payload, protectedHeader } = await jwtVerify(
      answer.token,
      new TextEncoder().encode(referral.productSecret),
      { algorithms: ['HS512'] },
    )
    expect(protectedHeader).toEqual({ alg: 'HS512', typ: 'JWT' })
    expect(payload).toEqual({
      productId: 'signet-ch',
      productUserId: me.id,
      iat: Math.floor(withService.clock.now().getTime() / 1000),
    })
    // Another secret does not verify it.
    await expect(
      jwtVerify(answer.token, new TextEncoder().encode('another-secret-of-32-characters!!')),
    ).rejects.toThrow()
    const script = await fetch(`${withService.server.url}${answer.scriptUrl}`)
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/)
    expect(await script.text()).toContain('boot')
  })

  it('answers 404 referral.unavailable without the service, and to an API user; 401 signed out', async () => {
    const token = await without.signUp('nobody-refers@example.test')
    await without.expectError(
      await without.call('POST', referralPaths.referralToken(), { token }),
      404,
      'referral.unavailable',
    )
    expect((await fetch(`${without.server.url}${apiUrl('/sandbox/cello.js')}`)).status).toBe(404)
    await withService.expectError(
      await withService.call('POST', referralPaths.referralToken()),
      401,
      'auth.unauthenticated',
    )

    const admin = await withService.signUp('admin@referral.example.test')
    const business = v.parse(
      businessSchema,
      await readJson(
        await withService.call('POST', businessPaths.businesses(), {
          token: admin,
          body: {
            name: 'Referral AG',
            email: 'office@referral.example.test',
            billing: { address1: 'Bahnhofstrasse 1', city: 'Zürich', postal_code: '8001', country: 'ch' },
          },
        }),
        201,
      ),
    )
    const { apiKey } = v.parse(
      apiUserKeySchema,
      await readJson(
        await withService.call('POST', apiUserPaths.apiUsers(business.id), {
          token: admin,
          body: { username: 'referral-bot' },
        }),
        201,
      ),
    )
    const machine = await fetch(`${withService.server.url}${apiUrl(referralPaths.referralToken())}`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`referral-bot:${apiKey}`).toString('base64')}` },
    })
    await withService.expectError(machine, 404, 'referral.unavailable')
  })
})
