import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toCamelCase } from '../../../contract/case.ts'
import { apiPaths } from '../../../contract/paths.ts'
import { tokenAnswerSchema, validConfirmationAnswerSchema } from '../../../contract/user.ts'
import { featureDrivers } from '../test-database.ts'
import { type AccountsClient, goodPassword, startAccountsClient, tokenFromLink } from './accounts-client.ts'

const hour = 60 * 60 * 1000

describe.each(featureDrivers)('accounts on %s', (driver) => {
  let api: AccountsClient
  let counter = 0
  const newEmail = () => `person${++counter}@example.com`

  beforeAll(async () => {
    // Behind one proxy, so a test can sign in from several addresses.
    api = await startAccountsClient(driver, { trustedProxies: 1 })
  })

  afterAll(async () => {
    await api?.server.stop()
  })

  const tokenAnswer = async (response: Response) => {
    expect(response.status).toBe(200)
    return v.parse(tokenAnswerSchema, toCamelCase(await response.json()))
  }

  describe('signup', () => {
    it('mails a confirmation link in the requested language and registers with it', async () => {
      const email = newEmail()
      const before = await api.mailIds()
      const response = await api.call('POST', apiPaths.requestConfirmation(), {
        body: { email: email.toUpperCase(), flow: 'signup', lang: 'de', confirm: '/signup/confirm' },
      })
      expect(response.status).toBe(204)
      const mail = await api.waitForMail(email, /Bestätigen/, before)
      expect(mail.links[0]).toMatch(/^http:\/\/localhost\/signup\/confirm\?token=[\w-]{43}$/)
      expect(mail.html).toContain('lang="de-ch"')
      const token = tokenFromLink(mail.links[0] ?? '')

      const valid = await api.call('POST', apiPaths.validConfirmation(), { body: { token } })
      expect(v.parse(validConfirmationAnswerSchema, await valid.json())).toEqual({
        valid: true,
        email,
        flow: 'signup',
      })

      const registered = await api.call('POST', apiPaths.register(), {
        body: {
          first_name: ' Grace ',
          last_name: 'Hopper',
          password: goodPassword,
          token,
          gtc: true,
          lang: 'de-CH',
          mobile: '+41 79 123 45 67',
        },
      })
      expect(registered.status).toBe(201)
      const answer = v.parse(tokenAnswerSchema, toCamelCase(await registered.json()))
      expect(answer.tokenType).toBe('Bearer')
      expect(new Date(answer.expiresAt).getTime() - api.clock.now().getTime()).toBe(24 * hour)

      const user = await api.readUser(answer.token)
      expect(user).toMatchObject({
        email,
        emailVerified: true,
        firstName: 'Grace',
        lastName: 'Hopper',
        hasSso: false,
        business: null,
      })
      expect(user.attributes).toEqual({
        accepted_gtc: ['2026-01'],
        lang: ['de-ch'],
        mobile: ['+41 79 123 45 67'],
      })

      // The link was used up.
      const again = await api.call('POST', apiPaths.validConfirmation(), { body: { token } })
      expect(await again.json()).toEqual({ valid: false, email: null, flow: null })
      await api.expectError(
        await api.call('POST', apiPaths.register(), {
          body: { first_name: 'A', last_name: 'B', password: goodPassword, token, gtc: true },
        }),
        400,
        'token.invalid',
        'token',
      )
    })

    it('mails an account-exists notice for a known address, answering exactly the same', async () => {
      const email = newEmail()
      await api.signUp(email)
      const unknown = newEmail()
      const before = await api.mailIds()
      const known = await api.call('POST', apiPaths.requestConfirmation(), {
        body: { email, flow: 'signup' },
      })
      const fresh = await api.call('POST', apiPaths.requestConfirmation(), {
        body: { email: unknown, flow: 'signup' },
      })
      expect(known.status).toBe(204)
      expect(fresh.status).toBe(204)
      expect(await known.text()).toBe(await fresh.text())
      expect([...known.headers.keys()].sort()).toEqual([...fresh.headers.keys()].sort())
      const notice = await api.waitForMail(email, /already have/, before)
      expect(notice.links).toEqual(['http://localhost/password-reset'])
      await api.waitForMail(unknown, /Confirm/, before)
    })

    it('refuses bad input naming the field, and creates nothing', async () => {
      await api.expectError(
        await api.call('POST', apiPaths.requestConfirmation(), {
          body: { email: 'not-an-address', flow: 'signup' },
        }),
        400,
        'request.invalid',
        'email',
      )
      await api.expectError(
        await api.call('POST', apiPaths.requestConfirmation(), { body: { email: newEmail(), flow: 'nope' } }),
        400,
        'request.invalid',
        'flow',
      )
      const email = newEmail()
      const before = await api.mailIds()
      await api.call('POST', apiPaths.requestConfirmation(), { body: { email, flow: 'signup' } })
      const token = tokenFromLink((await api.waitForMail(email, /Confirm/, before)).links[0] ?? '')
      const body = { first_name: 'Ada', last_name: 'Lovelace', password: goodPassword, token, gtc: true }
      await api.expectError(
        await api.call('POST', apiPaths.register(), { body: { ...body, first_name: '  ' } }),
        400,
        'request.invalid',
        'first_name',
      )
      await api.expectError(
        await api.call('POST', apiPaths.register(), { body: { ...body, gtc: false } }),
        400,
        'request.invalid',
        'gtc',
      )
      await api.expectError(
        await api.call('POST', apiPaths.register(), { body: { ...body, password: 'short1' } }),
        400,
        'password.too_short',
        'password',
      )
      await api.expectError(
        await api.call('POST', apiPaths.register(), { body: { ...body, token: 'forged' } }),
        400,
        'token.invalid',
        'token',
      )
      // Nothing was created and the link still works.
      await api.expectError(await api.login(email, goodPassword), 401, 'auth.invalid_credentials')
      const valid = await api.call('POST', apiPaths.validConfirmation(), { body: { token } })
      expect(await valid.json()).toMatchObject({ valid: true })
      expect((await api.call('POST', apiPaths.register(), { body })).status).toBe(201)
    })

    it('lets one of two racing registrations with one link through', async () => {
      const email = newEmail()
      const before = await api.mailIds()
      await api.call('POST', apiPaths.requestConfirmation(), { body: { email, flow: 'signup' } })
      const token = tokenFromLink((await api.waitForMail(email, /Confirm/, before)).links[0] ?? '')
      const body = { first_name: 'A', last_name: 'B', password: goodPassword, token, gtc: true }
      const answers = await Promise.all([1, 2, 3].map(() => api.call('POST', apiPaths.register(), { body })))
      expect(answers.map((r) => r.status).sort()).toEqual([201, 400, 400])
    })

    it('refuses a second registration of one address with 409, leaving its link unused', async () => {
      const email = newEmail()
      const links: string[] = []
      for (let i = 0; i < 2; i++) {
        const before = await api.mailIds()
        await api.call('POST', apiPaths.requestConfirmation(), { body: { email, flow: 'business_signup' } })
        links.push((await api.waitForMail(email, /Confirm/, before)).links[0] ?? '')
      }
      const register = (link: string) =>
        api.call('POST', apiPaths.register(), {
          body: {
            first_name: 'A',
            last_name: 'B',
            password: goodPassword,
            token: tokenFromLink(link),
            gtc: true,
          },
        })
      expect((await register(links[0] ?? '')).status).toBe(201)
      await api.expectError(await register(links[1] ?? ''), 409, 'user.already_exists')
      const valid = await api.call('POST', apiPaths.validConfirmation(), {
        body: { token: tokenFromLink(links[1] ?? '') },
      })
      expect(await valid.json()).toMatchObject({ valid: true, flow: 'business_signup' })
    })

    it('lets a confirmation link expire after 24 hours', async () => {
      const email = newEmail()
      const before = await api.mailIds()
      await api.call('POST', apiPaths.requestConfirmation(), { body: { email, flow: 'signup' } })
      const token = tokenFromLink((await api.waitForMail(email, /Confirm/, before)).links[0] ?? '')
      api.clock.advance(24 * hour)
      const valid = await api.call('POST', apiPaths.validConfirmation(), { body: { token } })
      expect(await valid.json()).toEqual({ valid: false, email: null, flow: null })
      await api.expectError(
        await api.call('POST', apiPaths.register(), {
          body: { first_name: 'A', last_name: 'B', password: goodPassword, token, gtc: true },
        }),
        400,
        'token.expired',
        'token',
      )
    })
  })

  describe('sign-in and tokens', () => {
    it('issues a 24 h token, 48 h with remember-me, and logout revokes only that token', async () => {
      const email = newEmail()
      await api.signUp(email)
      const short = await tokenAnswer(await api.login(email, goodPassword))
      expect(new Date(short.expiresAt).getTime() - api.clock.now().getTime()).toBe(24 * hour)
      const long = await tokenAnswer(await api.login(email, goodPassword, true))
      expect(new Date(long.expiresAt).getTime() - api.clock.now().getTime()).toBe(48 * hour)

      expect((await api.call('POST', apiPaths.logout(), { token: short.token })).status).toBe(204)
      await api.expectError(
        await api.call('GET', apiPaths.user(), { token: short.token }),
        401,
        'auth.unauthenticated',
      )
      expect((await api.readUser(long.token)).email).toBe(email)

      api.clock.advance(24 * hour)
      expect((await api.readUser(long.token)).email).toBe(email)
      api.clock.advance(24 * hour)
      await api.expectError(
        await api.call('GET', apiPaths.user(), { token: long.token }),
        401,
        'auth.token_expired',
      )
    })

    it('answers a wrong address and a wrong password alike', async () => {
      const email = newEmail()
      await api.signUp(email)
      const wrongPassword = await api.login(email, 'Wrong-password-1')
      const wrongAddress = await api.login(newEmail(), 'Wrong-password-1')
      const a = await wrongPassword.json()
      const b = await wrongAddress.json()
      expect(a).toEqual(b)
      expect(wrongPassword.status).toBe(401)
      expect(a).toMatchObject({ code: 'auth.invalid_credentials' })
      await api.expectError(await api.login('nope', 'x'), 400, 'request.invalid', 'email')
      await api.expectError(
        await api.call('POST', apiPaths.login(), { body: { email } }),
        400,
        'request.invalid',
        'password',
      )
    })

    it('warns before the last try, then pauses the account and address pair for longer after each failure', {
      timeout: 60_000,
    }, async () => {
      api.clock.advance(15 * 60 * 1000)
      const email = newEmail()
      await api.signUp(email)
      for (let i = 0; i < 3; i++)
        await api.expectError(await api.login(email, `Wrong-pass-${i}`), 401, 'auth.invalid_credentials')
      await api.expectError(await api.login(email, 'Wrong-pass-3'), 401, 'auth.invalid_credentials_last_try')
      await api.expectError(await api.login(email, 'Wrong-pass-4'), 401, 'auth.invalid_credentials')
      const refused = await api.login(email, goodPassword)
      await api.expectError(refused, 429, 'auth.too_many_attempts')
      expect(Number(refused.headers.get('retry-after'))).toBe(30)
      // Waiting the pause gives one more try; failing it doubles the pause.
      api.clock.advance(30_000)
      await api.expectError(await api.login(email, 'Wrong-pass-5'), 401, 'auth.invalid_credentials')
      const longer = await api.login(email, goodPassword)
      await api.expectError(longer, 429, 'auth.too_many_attempts')
      expect(Number(longer.headers.get('retry-after'))).toBe(60)
      api.clock.advance(60_000)
      await tokenAnswer(await api.login(email, goodPassword))
    })

    it("never locks the owner out by a stranger's wrong passwords from elsewhere; a reset lifts a pause", {
      timeout: 60_000,
    }, async () => {
      api.clock.advance(15 * 60 * 1000)
      const email = newEmail()
      await api.signUp(email)
      for (let i = 0; i < 8; i++) await api.loginFrom('203.0.113.9', email, `Wrong-pass-${i}`)
      await api.expectError(
        await api.loginFrom('203.0.113.9', email, goodPassword),
        429,
        'auth.too_many_attempts',
      )
      await tokenAnswer(await api.loginFrom('198.51.100.7', email, goodPassword))

      // Locked out from their own address, the owner resets the password and signs in at once.
      for (let i = 0; i < 5; i++) await api.loginFrom('198.51.100.7', email, `Wrong-pass-${i}`)
      await api.expectError(
        await api.loginFrom('198.51.100.7', email, goodPassword),
        429,
        'auth.too_many_attempts',
      )
      const newPassword = 'Another-horse-43'
      await api.resetPassword(email, newPassword)
      await tokenAnswer(await api.loginFrom('198.51.100.7', email, newPassword))
    })

    it('refuses with 429 after 20 failures from one address', { timeout: 60_000 }, async () => {
      api.clock.advance(15 * 60 * 1000)
      for (let i = 0; i < 20; i++) {
        await api.expectError(await api.login(newEmail(), 'Wrong-pass-1'), 401, 'auth.invalid_credentials')
      }
      const email = newEmail()
      await api.signUp(email)
      const refused = await api.login(email, goodPassword)
      await api.expectError(refused, 429, 'auth.too_many_attempts')
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
      api.clock.advance(15 * 60 * 1000)
      await tokenAnswer(await api.login(email, goodPassword))
    })

    it('changes the password: old checked, policy applied, other tokens revoked, this one kept', async () => {
      const email = newEmail()
      const current = await api.signUp(email)
      const other = (await tokenAnswer(await api.login(email, goodPassword))).token
      const before = await api.mailIds()
      const change = (body: unknown) => api.call('POST', apiPaths.changePassword(), { token: current, body })
      await api.expectError(
        await change({ old: 'Wrong-pass-123', new: 'Another-pony-77' }),
        403,
        'auth.wrong_password',
        'old',
      )
      await api.expectError(
        await change({ old: goodPassword, new: 'pony' }),
        400,
        'password.too_short',
        'new',
      )
      await api.expectError(await change({ old: goodPassword }), 400, 'request.invalid', 'new')
      // Nothing changed so far.
      expect((await api.readUser(other)).email).toBe(email)

      expect((await change({ old: goodPassword, new: 'Another-pony-77' })).status).toBe(204)
      expect((await api.readUser(current)).email).toBe(email)
      await api.expectError(
        await api.call('GET', apiPaths.user(), { token: other }),
        401,
        'auth.unauthenticated',
      )
      await api.expectError(await api.login(email, goodPassword), 401, 'auth.invalid_credentials')
      await tokenAnswer(await api.login(email, 'Another-pony-77'))
      await api.waitForMail(email, /password was changed/, before)
    })
  })
})
