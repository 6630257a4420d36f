import { Secret, TOTP } from 'otpauth'
import pg from 'pg'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  accountSecurityPaths,
  accountSessionsSchema,
  passkeySchema,
  recoveryCodesSchema,
  secondFactorSchema,
  totpSetupSchema,
} from '../../../contract/account-security.ts'
import { businessPaths } from '../../../contract/businesses.ts'
import { toSnakeCase } from '../../../contract/case.ts'
import { apiPaths, apiUrl } from '../../../contract/paths.ts'
import {
  secondFactorChallengeSchema,
  tokenAnswerSchema,
  webAuthnOptionsSchema,
} from '../../../contract/user.ts'
import { openBusiness } from '../businesses/business-client.ts'
import { featureDrivers } from '../test-database.ts'
import { type AccountsClient, goodPassword, readJson, startAccountsClient } from './accounts-client.ts'
import { softwareAuthenticator } from './software-authenticator.ts'

const step = 30_000

describe.each(featureDrivers)('second factor and sessions on %s', (driver) => {
  let api: AccountsClient
  let counter = 0
  const newEmail = () => `guarded${++counter}@example.com`

  beforeAll(async () => {
    api = await startAccountsClient(driver, { trustedProxies: 1 })
  })

  afterAll(async () => {
    await api?.server.stop()
  })

  /** The code the owner's authenticator app shows now, by the server's clock. */
  const codeOf = (secret: string) =>
    new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: api.clock.now().getTime() })

  /** Signs up, sets up and switches on the second factor; answers the secret, recovery codes and token. */
  async function guardedAccount() {
    const email = newEmail()
    const token = await api.signUp(email)
    const setup = v.parse(
      totpSetupSchema,
      await readJson(await api.call('POST', accountSecurityPaths.secondFactorSetup(), { token })),
    )
    expect(setup.uri).toMatch(/^otpauth:\/\/totp\/Signet:guarded\d+%40example\.com\?/)
    // A wrong code does not switch it on.
    await api.expectError(
      await api.call('POST', accountSecurityPaths.secondFactorEnable(), {
        token,
        body: { password: goodPassword, code: '000000' === codeOf(setup.secret) ? '111111' : '000000' },
      }),
      400,
      'second_factor.invalid_code',
      'code',
    )
    const enabled = v.parse(
      recoveryCodesSchema,
      await readJson(
        await api.call('POST', accountSecurityPaths.secondFactorEnable(), {
          token,
          body: { password: goodPassword, code: codeOf(setup.secret) },
        }),
      ),
    )
    expect(enabled.recoveryCodes).toHaveLength(10)
    return { email, token, secret: setup.secret, recoveryCodes: enabled.recoveryCodes }
  }

  const challengeOf = async (email: string) =>
    v.parse(secondFactorChallengeSchema, await readJson(await api.login(email, goodPassword))).challenge

  const finish = (challenge: string, code: string) =>
    api.call('POST', apiPaths.loginSecondFactor(), { body: { challenge, code } })

  it('asks for a code after the password, takes each code once, and moves on with the clock', async () => {
    const { email, token, secret } = await guardedAccount()
    expect(await api.readUser(token)).toMatchObject({ secondFactor: { enabled: true, required: false } })
    const challenge = await challengeOf(email)

    // The code that switched it on was used: the same one again is refused.
    await api.expectError(await finish(challenge, codeOf(secret)), 400, 'second_factor.code_used', 'code')

    api.clock.advance(step)
    const code = codeOf(secret)
    const signedIn = v.parse(tokenAnswerSchema, await readJson(await finish(challenge, ` ${code} `)))
    await api.readUser(signedIn.token)
    // The challenge is gone with its session, and the code is used.
    await api.expectError(await finish(challenge, code), 401, 'auth.sign_in_expired')
    await api.expectError(await finish(await challengeOf(email), code), 400, 'second_factor.code_used')

    // A code from a minute ago, or after the challenge's five minutes, does not sign in.
    api.clock.advance(2 * step)
    await api.expectError(await finish(await challengeOf(email), code), 400, 'second_factor.invalid_code')
    const late = await challengeOf(email)
    api.clock.advance(5 * 60_000 + 1)
    await api.expectError(await finish(late, codeOf(secret)), 401, 'auth.sign_in_expired')
  })

  it('signs in with each recovery code once and says how many are left', async () => {
    const { email, token, recoveryCodes } = await guardedAccount()
    const [first = '', second = ''] = recoveryCodes
    const signedIn = v.parse(tokenAnswerSchema, await readJson(await finish(await challengeOf(email), first)))
    await api.readUser(signedIn.token)
    await api.expectError(await finish(await challengeOf(email), first), 400, 'second_factor.invalid_code')
    // Typed in capitals and without its dash, it is the same code.
    const typed = second.replace('-', '').toUpperCase()
    expect((await finish(await challengeOf(email), typed)).status).toBe(200)
    expect(
      v.parse(
        secondFactorSchema,
        await readJson(await api.call('GET', accountSecurityPaths.secondFactor(), { token })),
      ),
    ).toEqual({ enabled: true, recoveryCodesLeft: 8, required: false })
  })

  it('counts wrong codes in the sign-in throttle', async () => {
    const { email, secret } = await guardedAccount()
    api.clock.advance(step)
    const challenge = await challengeOf(email)
    const wrong = codeOf(secret) === '123456' ? '654321' : '123456'
    // With the wrong code given while setting it up, five wrong codes.
    for (let i = 0; i < 4; i++) {
      await api.expectError(await finish(challenge, wrong), 400, 'second_factor.invalid_code')
    }
    // The right code waits too, and a right password does not clear the count.
    const refused = await finish(challenge, codeOf(secret))
    await api.expectError(refused, 429, 'auth.too_many_attempts')
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    await api.expectError(await api.login(email, goodPassword), 429, 'auth.too_many_attempts')
    api.clock.advance(31_000)
    expect((await finish(await challengeOf(email), codeOf(secret))).status).toBe(200)
  })

  it('keeps the app on where the business requires a second factor, unless a passkey stays', async () => {
    const { email, token, secret } = await guardedAccount()
    const businessId = await openBusiness(api, token, 'Guarded AG')
    // The settings as they are, with the rule switched on.
    const settings = await readJson(
      await api.call('GET', businessPaths.businessSettings(businessId), { token }),
    )
    await readJson(
      await api.call('PUT', businessPaths.businessSettings(businessId), {
        token,
        body: toSnakeCase({ ...settings, secondFactor: { required: true } }),
      }),
    )
    const readFactor = async () =>
      v.parse(
        secondFactorSchema,
        await readJson(await api.call('GET', accountSecurityPaths.secondFactor(), { token })),
      )
    const disable = () =>
      api.call('POST', accountSecurityPaths.secondFactorDisable(), {
        token,
        body: { password: goodPassword, code: codeOf(secret) },
      })
    expect(await readFactor()).toMatchObject({ enabled: true, required: true })
    api.clock.advance(step)
    await api.expectError(await disable(), 409, 'second_factor.required')
    // Signed in once through a sign-in provider (which marks the account as single sign-on), the account keeps
    // its password, which signs it in without the provider: the rule still holds it.
    const { database } = api.server
    if (database.driver !== 'postgres') throw new Error('the accounts tests run on PostgreSQL')
    const db = new pg.Client({ connectionString: database.url })
    await db.connect()
    await db.query('update users set has_sso = true where email = $1', [email])
    await db.end()
    expect(await readFactor()).toMatchObject({ enabled: true, required: true })
    expect(await api.readUser(token)).toMatchObject({ hasSso: true, secondFactor: { required: true } })
    api.clock.advance(step)
    await api.expectError(await disable(), 409, 'second_factor.required')

    // A passkey is a second factor too: the app may go, and the business's rule holds the passkey instead.
    const authenticator = softwareAuthenticator('http://localhost')
    const options = v.parse(
      webAuthnOptionsSchema,
      await readJson(
        await api.call('POST', accountSecurityPaths.passkeyOptions(), {
          token,
          body: { password: goodPassword },
        }),
      ),
    ).options
    const passkey = v.parse(
      passkeySchema,
      await readJson(
        await api.call('POST', accountSecurityPaths.passkeys(), {
          token,
          body: { name: 'Laptop', credential: authenticator.register(options) },
        }),
        201,
      ),
    )
    expect(await readFactor()).toMatchObject({ enabled: true, required: false })
    api.clock.advance(step)
    expect((await disable()).status).toBe(204)
    expect(await readFactor()).toMatchObject({ enabled: false, required: false })
    await api.expectError(
      await api.call('DELETE', accountSecurityPaths.passkey(passkey.id), { token }),
      409,
      'second_factor.required',
    )
  })

  it('switches off with the password and a code, and is then not asked for', async () => {
    const { email, token, secret } = await guardedAccount()
    api.clock.advance(step)
    await api.expectError(
      await api.call('POST', accountSecurityPaths.secondFactorDisable(), {
        token,
        body: { password: 'not-the-password-1', code: codeOf(secret) },
      }),
      403,
      'auth.wrong_password',
      'password',
    )
    const off = await api.call('POST', accountSecurityPaths.secondFactorDisable(), {
      token,
      body: { password: goodPassword, code: codeOf(secret) },
    })
    expect(off.status).toBe(204)
    v.parse(tokenAnswerSchema, await readJson(await api.login(email, goodPassword)))
  })

  it('lists sessions, ends one or all others, and mails a sign-in from a new browser', async () => {
    const email = newEmail()
    await api.signUp(email)
    const loginWith = async (userAgent: string) => {
      const response = await fetch(`${api.server.url}${apiUrl(apiPaths.login())}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': userAgent,
          'x-forwarded-for': '198.51.100.7',
        },
        body: JSON.stringify({ email, password: goodPassword }),
      })
      return v.parse(tokenAnswerSchema, await readJson(response)).token
    }
    const firefox = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0'
    const chrome =
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36'
    const before = await api.mailIds()
    const onLaptop = await loginWith(firefox)
    const mail = await api.waitForMail(email, /New sign-in/, before)
    expect(mail.text).toContain('Firefox, macOS, address 198.51.100.7')
    expect(mail.links).toContain('http://localhost/profile/security')
    const seen = await api.mailIds()
    await loginWith(firefox)
    const onPhone = await loginWith(chrome)
    await api.waitForMail(email, /New sign-in/, seen)
    // The second sign-in from Firefox was from a known browser: only the phone's mailed.
    expect((await api.mailIds()).size).toBe(seen.size + 1)

    const list = async (token: string) =>
      v.parse(
        accountSessionsSchema,
        await readJson(await api.call('GET', accountSecurityPaths.sessions(), { token })),
      ).sessions
    const sessions = await list(onLaptop)
    // The sign-up's session, two from Firefox and one from the phone.
    expect(sessions).toHaveLength(4)
    expect(sessions.filter((session) => session.current)).toHaveLength(1)
    const phone = sessions.find((session) => session.userAgent === chrome)
    expect(phone).toMatchObject({ address: '198.51.100.7', current: false })

    expect(
      (await api.call('DELETE', accountSecurityPaths.session(phone?.id ?? ''), { token: onLaptop })).status,
    ).toBe(204)
    await api.expectError(
      await api.call('GET', apiPaths.user(), { token: onPhone }),
      401,
      'auth.unauthenticated',
    )
    await api.expectError(
      await api.call('DELETE', accountSecurityPaths.session(phone?.id ?? ''), { token: onLaptop }),
      404,
      'session.not_found',
    )

    expect((await api.call('DELETE', accountSecurityPaths.sessions(), { token: onLaptop })).status).toBe(204)
    expect(await list(onLaptop)).toEqual([expect.objectContaining({ current: true, userAgent: firefox })])
  })

  it('keeps another user’s session out of reach', async () => {
    const mine = await api.signUp(newEmail())
    const theirs = await api.signUp(newEmail())
    const [their] = v.parse(
      accountSessionsSchema,
      await readJson(await api.call('GET', accountSecurityPaths.sessions(), { token: theirs })),
    ).sessions
    await api.expectError(
      await api.call('DELETE', accountSecurityPaths.session(their?.id ?? ''), { token: mine }),
      404,
      'session.not_found',
    )
    await api.readUser(theirs)
  })
})
