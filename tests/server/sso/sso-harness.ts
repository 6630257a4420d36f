import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pino } from 'pino'
import { expect } from 'vitest'
import type { AppMode } from '../../../contract/app-config.ts'
import type { AppConfig } from '../../../server/config.ts'
import { openDatabase } from '../../../server/db/open-database.ts'
import { ssoDomains } from '../../../server/db/schema/accounts.ts'
import { type RunningServer, startServer } from '../../../server/server.ts'
import { createTestClock, type TestClock } from '../accounts/accounts-client.ts'
import { testAppConfig } from '../test-app-config.ts'
import { createTestDatabase, type Driver } from '../test-database.ts'

/** The address the server believes it is reached at; the harness maps it onto the real port. */
export const publicUrl = 'http://localhost'

/** A real server whose identity providers are the sandbox and `providers`, driven like a browser. */
export type SsoHarness = {
  server: RunningServer
  config: AppConfig
  clock: TestClock
  /** Requests a path or a URL of {@link publicUrl} without following redirects, sending `cookie`. */
  get(url: string, cookie?: string): Promise<Response>
  post(url: string, body: Record<string, string>, headers?: Record<string, string>): Promise<Response>
  stop(): Promise<void>
}

/** Options of {@link startSsoHarness}. */
export type SsoHarnessOptions = {
  appMode?: AppMode
  /** Real providers: issuer URL, the domain that signs in there, and our credentials. */
  providers?: { issuer: string; domain: string; clientId: string; clientSecret: string }[]
  /** SIGN_IN_PROVIDERS: the sign-in providers configured (outside production the sandbox stands in for the others). */
  signInProviders?: AppConfig['signInProviders']
}

/** Starts the real server on a fresh database of `driver`, with the providers' domains set up first. */
export async function startSsoHarness(driver: Driver, options: SsoHarnessOptions = {}): Promise<SsoHarness> {
  const testDatabase = await createTestDatabase(driver)
  const staticDir = await mkdtemp(join(tmpdir(), 'signet-sso-dist-'))
  await writeFile(join(staticDir, 'index.html'), '<!doctype html><title>Signet test</title>')
  const providers = options.providers ?? []
  const config = testAppConfig(testDatabase.dataDir, {
    database: testDatabase.database,
    appMode: options.appMode ?? 'development',
    publicUrl,
    ssoClients: Object.fromEntries(
      providers.map((p) => [p.issuer, { clientId: p.clientId, clientSecret: p.clientSecret }]),
    ),
    ssoStateSecret: 'a test secret that is long enough to be a key',
    ...(options.signInProviders === undefined ? {} : { signInProviders: options.signInProviders }),
  })
  if (providers.length > 0) {
    const database = await openDatabase(config.database)
    await database.migrate()
    await database.db
      .insert(ssoDomains)
      .values(providers.map((p) => ({ domain: p.domain, issuerUrl: p.issuer })))
    await database.close()
  }
  const clock = createTestClock(new Date())
  const server = await startServer(config, { logger: pino({ level: 'silent' }), staticDir, now: clock.now })
  const local = (url: string) =>
    url.startsWith(publicUrl) ? `${server.url}${url.slice(publicUrl.length)}` : url
  const absolute = (url: string) => local(url.startsWith('/') ? `${publicUrl}${url}` : url)
  return {
    server,
    config,
    clock,
    get: (url, cookie) =>
      fetch(absolute(url), { redirect: 'manual', headers: cookie === undefined ? {} : { cookie } }),
    post: (url, body, headers = {}) =>
      fetch(absolute(url), {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams(body).toString(),
      }),
    stop: async () => {
      await server.close()
      await testDatabase.drop()
      await rm(staticDir, { recursive: true, force: true })
    },
  }
}

/** The redirect target of a 303 answer. */
export function redirectOf(response: Response): string {
  expect(response.status).toBe(303)
  const location = response.headers.get('location')
  expect(location).not.toBeNull()
  return location ?? ''
}

/** The `name=value` of the cookie a response sets, for sending it back. */
export function cookieOf(response: Response, name: string): string {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith(`${name}=`))
  expect(cookie).toBeDefined()
  return (cookie ?? '').split(';')[0] ?? ''
}
