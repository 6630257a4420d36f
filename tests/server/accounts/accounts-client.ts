import * as v from 'valibot'
import { expect, vi } from 'vitest'
import { toCamelCase } from '../../../contract/case.ts'
import { apiErrorSchema } from '../../../contract/errors.ts'
import { type OutboxMail, outboxListSchema, outboxMailSchema } from '../../../contract/outbox.ts'
import { apiPaths, apiUrl } from '../../../contract/paths.ts'
import { attributesCase, tokenAnswerSchema, userSchema } from '../../../contract/user.ts'
import type { Driver } from '../test-database.ts'
import { startTestServer, type TestServer } from '../test-server.ts'

/** A clock the server reads, which a test moves forward. */
export type TestClock = { now: () => Date; advance(ms: number): void }

export function createTestClock(start = new Date('2026-03-01T08:00:00Z')): TestClock {
  let current = start.getTime()
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms
    },
  }
}

/** A running server with a movable clock and helpers to call it as the app does. */
export type AccountsClient = {
  server: TestServer
  clock: TestClock
  call(method: string, path: string, options?: { body?: unknown; token?: string }): Promise<Response>
  expectError(response: Response, status: number, code: string, field?: string): Promise<void>
  /** A mail to `to` whose subject matches and whose id is not in `seen`, waiting for it to arrive. */
  waitForMail(to: string, subject: RegExp, seen?: ReadonlySet<string>): Promise<OutboxMail>
  /** The ids of the mails in the outbox now. */
  mailIds(): Promise<Set<string>>
  /** Signs up `email` through the mailed confirmation link; answers the token. */
  signUp(email: string, password?: string, lang?: string): Promise<string>
  login(email: string, password: string, rememberMe?: boolean): Promise<Response>
  /** POST /v1/login as a client at `address`, behind one proxy (the server must trust one). */
  loginFrom(address: string, email: string, password: string): Promise<Response>
  /** Sets a new password through the mailed reset link. */
  resetPassword(email: string, password: string): Promise<void>
  /** GET /v1/user with `token`, expecting 200, as the app reads it. */
  readUser(token: string): Promise<v.InferOutput<typeof userSchema>>
}

export const goodPassword = 'Correct-horse-42'

/** The JSON answer of `response` with camelCase keys, expecting `status` (the body shows when it differs). */
export async function readJson(response: Response, status = 200): Promise<Record<string, unknown>> {
  expect(response.status, await response.clone().text()).toBe(status)
  return toCamelCase(await response.json()) as Record<string, unknown>
}

/**
 * Starts a test server of `driver` (its configuration changed by `overrides`) and a client for it, the server's
 * clock `clock` (@default 2026-03-01 08:00 UTC).
 */
export async function startAccountsClient(
  driver: Driver,
  overrides: Parameters<typeof startTestServer>[2] = {},
  clock: TestClock = createTestClock(),
): Promise<AccountsClient> {
  const server = await startTestServer(driver, { now: clock.now }, overrides)
  const call = (method: string, path: string, options: { body?: unknown; token?: string } = {}) =>
    fetch(`${server.url}${apiUrl(path)}`, {
      method,
      headers: {
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.token === undefined ? {} : { authorization: `Bearer ${options.token}` }),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    })
  const listMails = async () =>
    v.parse(outboxListSchema, toCamelCase(await (await call('GET', apiPaths.outbox())).json())).mails
  const client: AccountsClient = {
    server,
    clock,
    call,
    async expectError(response, status, code, field) {
      expect(response.status).toBe(status)
      const body = v.parse(apiErrorSchema, await response.json())
      expect(body).toMatchObject({ status, code })
      if (field !== undefined) expect(body.field).toBe(field)
    },
    async waitForMail(to, subject, seen = new Set()) {
      const entry = await vi.waitFor(
        async () => {
          const mails = await listMails()
          const found = mails.find((m) => !seen.has(m.id) && m.to === to && subject.test(m.subject))
          if (found === undefined) throw new Error(`no mail to ${to} matching ${subject}`)
          return found
        },
        { timeout: 5000, interval: 50 },
      )
      const response = await call('GET', apiPaths.outboxMail(entry.id))
      return v.parse(outboxMailSchema, await response.json())
    },
    async mailIds() {
      return new Set((await listMails()).map((mail) => mail.id))
    },
    async signUp(email, password = goodPassword, lang) {
      const before = await client.mailIds()
      const requested = await call('POST', apiPaths.requestConfirmation(), {
        body: { email, flow: 'signup', lang },
      })
      expect(requested.status).toBe(204)
      const mail = await client.waitForMail(email, confirmationSubject, before)
      const token = tokenFromLink(mail.links[0] ?? '')
      const registered = await call('POST', apiPaths.register(), {
        body: { first_name: 'Ada', last_name: 'Lovelace', password, token, gtc: true, lang },
      })
      expect(registered.status).toBe(201)
      return v.parse(tokenAnswerSchema, toCamelCase(await registered.json())).token
    },
    login(email, password, rememberMe) {
      return call('POST', apiPaths.login(), { body: { email, password, remember_me: rememberMe } })
    },
    loginFrom(address, email, password) {
      return fetch(`${server.url}${apiUrl(apiPaths.login())}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify({ email, password }),
      })
    },
    async resetPassword(email, password) {
      const before = await client.mailIds()
      expect((await call('POST', apiPaths.requestReset(), { body: { email } })).status).toBe(204)
      const mail = await client.waitForMail(email, resetSubject, before)
      const token = tokenFromLink(mail.links[0] ?? '')
      expect((await call('POST', apiPaths.resetPassword(), { body: { token, new: password } })).status).toBe(
        204,
      )
    },
    async readUser(token) {
      const response = await call('GET', apiPaths.user(), { token })
      expect(response.status).toBe(200)
      return v.parse(userSchema, toCamelCase(await response.json(), attributesCase))
    },
  }
  return client
}

/** The `token` query parameter of a mailed link. */
// The subjects of the mails that confirm an address for sign-up and that reset a password, in each language:
// an address gets other mails meanwhile from jobs (a new device's sign-in), which carry no token.
const confirmationSubject =
  /^(Confirm your e-mail address|Bestätigen Sie Ihre E-Mail-Adresse|Confirmez votre adresse e-mail|Confermi il Suo indirizzo e-mail) /
const resetSubject =
  /^(Reset your |Setzen Sie Ihr |Réinitialisez votre mot de passe|Reimposti la Sua password)/

export function tokenFromLink(link: string): string {
  const token = new URL(link).searchParams.get('token')
  if (token === null) throw new Error(`no token in ${link}`)
  return token
}
