import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accountSecurityPaths, passkeySchema, passkeysSchema } from '../../../contract/account-security.ts'
import { apiPaths, apiUrl } from '../../../contract/paths.ts'
import {
  secondFactorChallengeSchema,
  tokenAnswerSchema,
  webAuthnOptionsSchema,
} from '../../../contract/user.ts'
import { featureDrivers } from '../test-database.ts'
import { type AccountsClient, goodPassword, readJson, startAccountsClient } from './accounts-client.ts'
import { softwareAuthenticator } from './software-authenticator.ts'

/** The test server's public address: passkeys belong to its host. */
const origin = 'http://localhost'

describe.each(featureDrivers)('passkeys on %s', (driver) => {
  let api: AccountsClient
  let counter = 0
  const newEmail = () => `passkey${++counter}@example.com`

  beforeAll(async () => {
    api = await startAccountsClient(driver)
  })

  afterAll(async () => {
    await api?.server.stop()
  })

  const optionsOf = async (response: Response) =>
    v.parse(webAuthnOptionsSchema, await readJson(response)).options

  const registrationOptions = (token: string, password = goodPassword) =>
    api.call('POST', accountSecurityPaths.passkeyOptions(), { token, body: { password } })

  const register = (token: string, credential: string, name = 'Laptop') =>
    api.call('POST', accountSecurityPaths.passkeys(), { token, body: { name, credential } })

  /** Signs up and registers a passkey; answers the address, token and authenticator. */
  async function accountWithPasskey() {
    const email = newEmail()
    const token = await api.signUp(email)
    const authenticator = softwareAuthenticator(origin)
    const options = await optionsOf(await registrationOptions(token))
    const added = v.parse(
      passkeySchema,
      await readJson(await register(token, authenticator.register(options)), 201),
    )
    expect(added).toMatchObject({ name: 'Laptop', lastUsedAt: null })
    return { email, token, authenticator, passkeyId: added.id }
  }

  const signInOptions = async (challenge?: string) =>
    optionsOf(
      await api.call('POST', apiPaths.loginPasskeyOptions(), { body: challenge ? { challenge } : {} }),
    )

  const signIn = (credential: string, challenge?: string, userAgent = 'node') =>
    fetch(`${api.server.url}${apiUrl(apiPaths.loginPasskey())}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': userAgent },
      body: JSON.stringify({ credential, ...(challenge ? { challenge } : {}) }),
    })

  const list = async (token: string) =>
    v.parse(passkeysSchema, await readJson(await api.call('GET', accountSecurityPaths.passkeys(), { token })))
      .passkeys

  it('registers a passkey with the password and signs in with it alone', async () => {
    const email = newEmail()
    const token = await api.signUp(email)
    await api.expectError(await registrationOptions(token, 'not-the-password-1'), 403, 'auth.wrong_password')
    const authenticator = softwareAuthenticator(origin)
    const options = JSON.parse(await optionsOf(await registrationOptions(token)))
    expect(options).toMatchObject({
      rp: { id: 'localhost', name: 'Signet' },
      user: { name: email },
      authenticatorSelection: { residentKey: 'required' },
    })
    expect((await register(token, authenticator.register(JSON.stringify(options)))).status).toBe(201)
    // Its challenge was answered: the same answer again registers nothing.
    await api.expectError(
      await register(token, authenticator.register(JSON.stringify(options))),
      400,
      'passkey.challenge_expired',
    )
    expect(await list(token)).toEqual([expect.objectContaining({ name: 'Laptop', lastUsedAt: null })])
    expect(await api.readUser(token)).toMatchObject({ secondFactor: { enabled: true } })

    const signInWith = JSON.parse(await signInOptions())
    // A passkey alone: the browser offers the passkeys it holds, and the passkey verifies its user.
    expect(signInWith).toMatchObject({ rpId: 'localhost', userVerification: 'required' })
    expect(signInWith.allowCredentials ?? []).toEqual([])
    const before = await api.mailIds()
    const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'
    const signedIn = v.parse(
      tokenAnswerSchema,
      await readJson(
        await signIn(authenticator.authenticate(JSON.stringify(signInWith)), undefined, firefox),
      ),
    )
    expect((await api.readUser(signedIn.token)).email).toBe(email)
    // A browser no session of the account had before: the owner is told.
    expect((await api.waitForMail(email, /New sign-in/, before)).text).toContain('Firefox, Linux')
    expect((await list(token))[0]?.lastUsedAt).toBe(api.clock.now().toISOString())
  })

  it('refuses a wrong origin, an unknown challenge, a replay and a counter gone back', async () => {
    const { authenticator } = await accountWithPasskey()
    await api.expectError(
      await signIn(authenticator.authenticate(await signInOptions(), { from: 'https://evil.example' })),
      401,
      'passkey.refused',
    )
    const never = JSON.stringify({ challenge: 'bm90LWlzc3VlZC1ieS10aGUtc2VydmVy', rpId: 'localhost' })
    await api.expectError(await signIn(authenticator.authenticate(never)), 401, 'passkey.challenge_expired')
    // Without its user verified, a passkey alone does not sign in.
    await api.expectError(
      await signIn(authenticator.authenticate(await signInOptions(), { verified: false })),
      401,
      'passkey.refused',
    )

    const answer = authenticator.authenticate(await signInOptions())
    expect((await signIn(answer)).status).toBe(200)
    await api.expectError(await signIn(answer), 401, 'passkey.challenge_expired')

    // A copy of the passkey whose counter is behind the one last seen.
    authenticator.setCounter(0)
    await api.expectError(
      await signIn(authenticator.authenticate(await signInOptions())),
      401,
      'passkey.refused',
    )
    // An expired challenge.
    const late = await signInOptions()
    api.clock.advance(5 * 60_000 + 1)
    authenticator.setCounter(100)
    await api.expectError(await signIn(authenticator.authenticate(late)), 401, 'passkey.challenge_expired')
    await api.expectError(
      await signIn(softwareAuthenticator(origin).authenticate(await signInOptions())),
      401,
      'passkey.refused',
    )
    // A registration answered from another site is refused too.
    const token = await api.signUp(newEmail())
    await api.expectError(
      await register(
        token,
        softwareAuthenticator(origin).register(await optionsOf(await registrationOptions(token)), {
          from: 'https://evil.example',
        }),
      ),
      400,
      'passkey.refused',
    )
  })

  it('serves as the second factor after the password, of that account only', async () => {
    const { email, authenticator } = await accountWithPasskey()
    const other = await accountWithPasskey()
    const challengeOf = async () =>
      v.parse(secondFactorChallengeSchema, await readJson(await api.login(email, goodPassword)))
    const waiting = await challengeOf()
    expect(waiting.secondFactors).toEqual(['passkey'])
    // A code is no way in for an account without an authenticator app.
    await api.expectError(
      await api.call('POST', apiPaths.loginSecondFactor(), {
        body: { challenge: waiting.challenge, code: '123456' },
      }),
      400,
      'second_factor.invalid_code',
    )
    const options = JSON.parse(await signInOptions(waiting.challenge))
    expect(options.allowCredentials).toEqual([
      { id: authenticator.id, type: 'public-key', transports: ['internal'] },
    ])
    // Another account's passkey does not answer for this one.
    await api.expectError(
      await signIn(other.authenticator.authenticate(JSON.stringify(options)), waiting.challenge),
      401,
      'passkey.refused',
    )
    const signedIn = v.parse(
      tokenAnswerSchema,
      await readJson(
        await signIn(authenticator.authenticate(await signInOptions(waiting.challenge)), waiting.challenge),
      ),
    )
    expect((await api.readUser(signedIn.token)).email).toBe(email)
    // The sign-in challenge is spent with its session.
    await api.expectError(
      await api.call('POST', apiPaths.loginPasskeyOptions(), { body: { challenge: waiting.challenge } }),
      401,
      'auth.sign_in_expired',
    )
  })

  it('removes a passkey, which then signs in no more', async () => {
    const { token, authenticator, passkeyId } = await accountWithPasskey()
    const stranger = await api.signUp(newEmail())
    await api.expectError(
      await api.call('DELETE', accountSecurityPaths.passkey(passkeyId), { token: stranger }),
      404,
      'passkey.not_found',
    )
    expect((await api.call('DELETE', accountSecurityPaths.passkey(passkeyId), { token })).status).toBe(204)
    expect(await list(token)).toEqual([])
    expect(await api.readUser(token)).toMatchObject({ secondFactor: { enabled: false } })
    await api.expectError(
      await signIn(authenticator.authenticate(await signInOptions())),
      401,
      'passkey.refused',
    )
    await api.expectError(
      await api.call('DELETE', accountSecurityPaths.passkey(passkeyId), { token }),
      404,
      'passkey.not_found',
    )
    await api.expectError(
      await api.call('DELETE', accountSecurityPaths.passkey('not-an-id'), { token }),
      404,
      'passkey.not_found',
    )
  })
})
