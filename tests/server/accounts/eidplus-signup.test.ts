import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toCamelCase } from '../../../contract/case.ts'
import { apiPaths } from '../../../contract/paths.ts'
import { tokenAnswerSchema, validConfirmationAnswerSchema } from '../../../contract/user.ts'
import { featureDrivers } from '../test-database.ts'
import { type AccountsClient, goodPassword, startAccountsClient, tokenFromLink } from './accounts-client.ts'

describe.each(featureDrivers)('the eID+ sign-up on %s', (driver) => {
  let api: AccountsClient
  let counter = 0
  const newEmail = () => `eidplus${++counter}@example.com`

  beforeAll(async () => {
    api = await startAccountsClient(driver)
  })

  afterAll(async () => {
    await api?.server.stop()
  })

  const requestLink = async (email: string, body: Record<string, unknown> = {}) => {
    const before = await api.mailIds()
    const response = await api.call('POST', apiPaths.requestConfirmation(), {
      body: { email, flow: 'eidplus', lang: 'en', ...body },
    })
    expect(response.status).toBe(204)
    return api.waitForMail(email, /.*/, before)
  }

  it('mails a link to the eID+ confirm page when the app names none, and registers with it', async () => {
    const email = newEmail()
    const mail = await requestLink(email)
    expect(mail.links[0]).toMatch(/^http:\/\/localhost\/signup\/flows\/eidplus\/confirm\?token=[\w-]{43}$/)
    const token = tokenFromLink(mail.links[0] ?? '')

    const valid = await api.call('POST', apiPaths.validConfirmation(), { body: { token } })
    expect(v.parse(validConfirmationAnswerSchema, await valid.json())).toEqual({
      valid: true,
      email,
      flow: 'eidplus',
    })

    const registered = await api.call('POST', apiPaths.register(), {
      body: { first_name: 'Ida', last_name: 'Plus', password: goodPassword, token, gtc: true, lang: 'fr' },
    })
    expect(registered.status).toBe(201)
    const answer = v.parse(tokenAnswerSchema, toCamelCase(await registered.json()))
    const user = await api.readUser(answer.token)
    expect(user).toMatchObject({ email, emailVerified: true, firstName: 'Ida', lastName: 'Plus' })
    expect(user.attributes.lang).toEqual(['fr-ch'])

    // The link is spent: a second registration with it is refused.
    const again = await api.call('POST', apiPaths.register(), {
      body: { first_name: 'Ida', last_name: 'Plus', password: goodPassword, token, gtc: true },
    })
    await api.expectError(again, 400, 'token.invalid', 'token')
  })

  it('keeps the confirm path the app names', async () => {
    const mail = await requestLink(newEmail(), { confirm: '/signup/flows/eidplus/confirm' })
    expect(mail.links[0]).toMatch(/\/signup\/flows\/eidplus\/confirm\?token=/)
  })

  it('mails an existing account the password reset notice instead of a link', async () => {
    const email = newEmail()
    await api.signUp(email)
    const mail = await requestLink(email)
    expect(mail.links.some((link) => link.includes('/password-reset'))).toBe(true)
    expect(mail.links.some((link) => link.includes('token='))).toBe(false)
  })

  it('refuses a flow it does not know, naming the field', async () => {
    const response = await api.call('POST', apiPaths.requestConfirmation(), {
      body: { email: newEmail(), flow: 'eidminus' },
    })
    await api.expectError(response, 400, 'request.invalid', 'flow')
  })
})
