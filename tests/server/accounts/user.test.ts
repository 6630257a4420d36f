import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toCamelCase } from '../../../contract/case.ts'
import { apiPaths } from '../../../contract/paths.ts'
import { checkPasswordAnswerSchema, userSchema } from '../../../contract/user.ts'
import { featureDrivers } from '../test-database.ts'
import { type AccountsClient, goodPassword, startAccountsClient, tokenFromLink } from './accounts-client.ts'

const hour = 60 * 60 * 1000

describe.each(featureDrivers)('user calls on %s', (driver) => {
  let api: AccountsClient
  let counter = 0
  const newEmail = () => `member${++counter}@example.org`

  beforeAll(async () => {
    api = await startAccountsClient(driver)
  })

  afterAll(async () => {
    await api?.server.stop()
  })

  describe('password reset', () => {
    it('mails a single-use link that sets a new password and signs out every session', async () => {
      const email = newEmail()
      const token = await api.signUp(email, goodPassword, 'fr')
      const unknown = await api.call('POST', apiPaths.requestReset(), { body: { email: newEmail() } })
      const before = await api.mailIds()
      const known = await api.call('POST', apiPaths.requestReset(), { body: { email } })
      expect(known.status).toBe(204)
      expect(unknown.status).toBe(204)
      expect(await known.text()).toBe(await unknown.text())
      const mail = await api.waitForMail(email, /Réinitialisez/, before)
      const link = mail.links[0] ?? ''
      expect(link).toMatch(/^http:\/\/localhost\/password-reset\/new\?token=/)
      const resetToken = tokenFromLink(link)

      const reset = (body: unknown) => api.call('POST', apiPaths.resetPassword(), { body })
      await api.expectError(await reset({ token: resetToken, new: 'abc' }), 400, 'password.too_short', 'new')
      await api.expectError(await reset({ token: resetToken }), 400, 'request.invalid', 'new')
      await api.expectError(
        await reset({ token: 'forged', new: 'Fresh-start-99' }),
        400,
        'token.invalid',
        'token',
      )
      expect((await api.readUser(token)).email).toBe(email)

      expect((await reset({ token: resetToken, new: 'Fresh-start-99' })).status).toBe(204)
      await api.expectError(await api.call('GET', apiPaths.user(), { token }), 401, 'auth.unauthenticated')
      await api.expectError(
        await reset({ token: resetToken, new: 'Fresh-start-98' }),
        400,
        'token.invalid',
        'token',
      )
      expect((await api.login(email, 'Fresh-start-99')).status).toBe(200)
    })

    it('lets a reset link expire after one hour', async () => {
      const email = newEmail()
      await api.signUp(email)
      const before = await api.mailIds()
      await api.call('POST', apiPaths.requestReset(), { body: { email } })
      const resetToken = tokenFromLink((await api.waitForMail(email, /Reset/, before)).links[0] ?? '')
      api.clock.advance(hour)
      await api.expectError(
        await api.call('POST', apiPaths.resetPassword(), {
          body: { token: resetToken, new: 'Fresh-start-99' },
        }),
        400,
        'token.expired',
        'token',
      )
      expect((await api.login(email, goodPassword)).status).toBe(200)
    })

    it('refuses a malformed address naming the field', async () => {
      await api.expectError(
        await api.call('POST', apiPaths.requestReset(), { body: { email: 'x' } }),
        400,
        'request.invalid',
        'email',
      )
    })
  })

  describe('the signed-in user', () => {
    it('updates names and editable attributes, and refuses the server-owned ones', async () => {
      const email = newEmail()
      const token = await api.signUp(email)
      const put = (body: unknown) => api.call('PUT', apiPaths.user(), { token, body })
      const updated = await put({
        first_name: 'Ada',
        attributes: { lang: ['fr-ch'], default_quality: ['aes'] },
      })
      expect(updated.status).toBe(200)
      const user = v.parse(userSchema, toCamelCase(await updated.json(), { preserveKeysOf: ['attributes'] }))
      expect(user.firstName).toBe('Ada')
      expect(user.attributes).toMatchObject({
        lang: ['fr-ch'],
        default_quality: ['aes'],
        accepted_gtc: ['2026-01'],
      })

      await api.expectError(
        await put({ last_name: 'Byron', attributes: { weak_password: [] } }),
        403,
        'user.attribute_read_only',
        'attributes.weak_password',
      )
      // The mobile number that confirms qualified signatures is set only through its SMS confirmation.
      await api.expectError(
        await put({ attributes: { mobile: ['+41 79 000 00 00'] } }),
        403,
        'user.attribute_read_only',
        'attributes.mobile',
      )
      await api.expectError(await put({ attributes: { no_such: ['x'] } }), 400, 'request.invalid')
      await api.expectError(await put({ first_name: '' }), 400, 'request.invalid', 'first_name')
      await api.expectError(
        await put({ attributes: { lang: 'fr' } }),
        400,
        'request.invalid',
        'attributes.lang',
      )
      expect((await api.readUser(token)).lastName).toBe('Lovelace')
    })

    it('records accepted terms', async () => {
      const token = await api.signUp(newEmail())
      const accept = (body: unknown) => api.call('POST', apiPaths.accept(), { token, body })
      expect((await accept({ provider_terms: 'swisscom' })).status).toBe(200)
      expect((await accept({ provider_terms: 'idnow' })).status).toBe(200)
      expect((await api.readUser(token)).attributes).toMatchObject({
        accepted_gtc: ['2026-01'],
        accepted_provider_terms: ['swisscom', 'idnow'],
      })
      // A business invitation is accepted only when one waits (tests/server/businesses).
      await api.expectError(await accept({ business_invite: true }), 404, 'business.invitation_not_found')
      await api.expectError(await accept({}), 400, 'request.invalid')
      await api.expectError(await accept({ gtc: 'yes' }), 400, 'request.invalid', 'gtc')
    })

    it('suggests only the own address for autocomplete', async () => {
      const email = newEmail()
      const token = await api.signUp(email)
      await api.signUp(newEmail())
      const suggest = async (input: string) => {
        const response = await api.call(
          'GET',
          `${apiPaths.emailAutocomplete()}?input=${encodeURIComponent(input)}`,
          { token },
        )
        expect(response.status).toBe(200)
        return (await response.json()) as unknown
      }
      expect(await suggest('MEM')).toEqual({ emails: [email] })
      expect(await suggest('member')).toEqual({ emails: [email] })
      expect(await suggest('other')).toEqual({ emails: [] })
    })

    it('deletes the account with its password, and everything of it', async () => {
      const email = newEmail()
      const token = await api.signUp(email)
      const other = (await api.login(email, goodPassword).then((r) => r.json())) as { token: string }
      const remove = (body: unknown) => api.call('POST', apiPaths.deleteUser(), { token, body })
      await api.expectError(
        await remove({ password: 'Wrong-pass-1' }),
        403,
        'auth.wrong_password',
        'password',
      )
      await api.expectError(await remove({}), 400, 'request.invalid', 'password')
      expect((await api.readUser(token)).email).toBe(email)

      expect((await remove({ password: goodPassword })).status).toBe(204)
      await api.expectError(await api.call('GET', apiPaths.user(), { token }), 401, 'auth.unauthenticated')
      await api.expectError(
        await api.call('GET', apiPaths.user(), { token: other.token }),
        401,
        'auth.unauthenticated',
      )
      await api.expectError(await api.login(email, goodPassword), 401, 'auth.invalid_credentials')
      // The address is free again.
      await api.signUp(email)
    })
  })

  describe('public helpers', () => {
    it('checks a password against the policy', async () => {
      const check = async (body: unknown) => {
        const response = await api.call('POST', apiPaths.checkPassword(), { body })
        expect(response.status).toBe(200)
        return v.parse(checkPasswordAnswerSchema, toCamelCase(await response.json()))
      }
      expect(await check({ password: goodPassword })).toEqual({ validPassword: true, errorCode: null })
      expect(await check({ password: 'short' })).toEqual({
        validPassword: false,
        errorCode: 'password.too_short',
      })
      expect(await check({ password: 'annabelle-2024', email: 'annabelle@example.com' })).toEqual({
        validPassword: false,
        errorCode: 'password.contains_email',
      })
      await api.expectError(
        await api.call('POST', apiPaths.checkPassword(), { body: {} }),
        400,
        'request.invalid',
        'password',
      )
    })

    it('answers no identity provider for an address without single sign-on', async () => {
      const response = await api.call('POST', apiPaths.identityProviders(), {
        body: { email: 'a@company.example' },
      })
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({ url: null })
      await api.expectError(
        await api.call('POST', apiPaths.identityProviders(), { body: { email: 'nope' } }),
        400,
        'request.invalid',
        'email',
      )
    })

    it('answers 404 for a mail that is not in the outbox', async () => {
      await api.expectError(
        await api.call('GET', apiPaths.outboxMail('20260101-none')),
        404,
        'outbox.mail_not_found',
      )
      await api.expectError(
        await api.call('GET', apiPaths.outboxMail('../etc')),
        404,
        'outbox.mail_not_found',
      )
    })
  })
})
