import { createHash } from 'node:crypto'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiPaths, apiUrl } from '../../../contract/paths.ts'
import { createApp } from '../../../server/app.ts'
import type { AppConfig } from '../../../server/config.ts'
import { type DatabaseHandle, openDatabase } from '../../../server/db/open-database.ts'
import {
  returnFailedPage,
  returnFailedPagePolicy,
} from '../../../server/identification/return-failed-page.ts'
import { sandboxPageHtml, sandboxPagePolicy } from '../../../server/identification/sandbox-page.ts'
import { createJobQueue } from '../../../server/jobs/job-queue.ts'
import { createMailQueue } from '../../../server/providers/mail/mail-queue.ts'
import { authorizePage, authorizePagePolicy } from '../../../server/sso/sandbox/authorize-page.ts'
import { testAppConfig } from '../test-app-config.ts'
import { createTestDatabase } from '../test-database.ts'

const stripe = { secretKey: 'sk_test_x', webhookSecret: 'whsec_x', publishableKey: 'pk_test_x' }
const errorReporting = {
  dsn: 'https://key@o1.ingest.sentry.example/4',
  disabled: false,
  tracesSampleRate: 0.1,
  environment: 'production',
}

/** The directives of a Content-Security-Policy header by name. */
function directives(header: string | null): Map<string, string[]> {
  return new Map(
    (header ?? '').split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/)
      return [name, sources]
    }),
  )
}

describe('security headers', () => {
  let handle: DatabaseHandle
  let drop: () => Promise<void>
  let staticDir: string
  const logged: { msg: string; violation?: Record<string, unknown> }[] = []
  const apps = new Map<string, ReturnType<typeof createApp>>()
  let base: AppConfig

  beforeAll(async () => {
    const testDatabase = await createTestDatabase('pglite', { migrated: true })
    drop = testDatabase.drop
    base = testAppConfig(testDatabase.dataDir, { database: testDatabase.database })
    handle = await openDatabase(base.database)
    await handle.migrate()
    staticDir = await mkdtemp(join(tmpdir(), 'signet-dist-'))
    await mkdir(join(staticDir, 'assets'))
    await writeFile(
      join(staticDir, 'index.html'),
      '<!doctype html><title>Signet</title><div id="root"></div>',
    )
    await writeFile(join(staticDir, 'assets', 'index-Ab12Cd34.js'), 'console.log("signet")')
    await writeFile(join(staticDir, 'assets', 'index-Ef56Gh78.css'), 'body { margin: 0 }')
    await writeFile(join(staticDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  })
  afterAll(async () => {
    await handle.close()
    await drop()
    await rm(staticDir, { recursive: true, force: true })
  })

  /** The app as a server of these settings composes it, on the one test database. */
  function appWith(name: string, overrides: Partial<AppConfig>) {
    const known = apps.get(name)
    if (known) return known
    const logger = pino({ level: 'warn' }, { write: (line: string) => logged.push(JSON.parse(line)) })
    const jobs = createJobQueue({ db: handle.db, handlers: {}, logger, now: () => new Date() })
    const config = { ...base, ...overrides }
    const app = createApp({ config, db: handle.db, logger, mail: createMailQueue(jobs), jobs, staticDir })
    apps.set(name, app)
    return app
  }
  const modes = {
    development: {},
    staging: { appMode: 'staging' },
    production: { appMode: 'production' },
  } as const satisfies Record<string, Partial<AppConfig>>

  /** One of each kind of answer but scripts and stylesheets: API, API error, app page, public file, a missing one. */
  const answers = [
    ['an API answer', apiUrl(apiPaths.health()), 200],
    ['an API error', apiUrl('/v1/nothing-here'), 404],
    ['a refused sign-in', apiUrl(apiPaths.user()), 401],
    ['an app page', '/dashboard', 200],
    ['a public file', '/favicon.svg', 200],
    ['a missing chunk', '/assets/gone-Zz99Yy88.js', 404],
  ] as const

  describe.each(Object.entries(modes))('in %s', (mode, overrides) => {
    it.each(answers)('sends them with %s (%s)', async (_kind, path, status) => {
      const answer = await appWith(mode, overrides).request(path)
      expect(answer.status).toBe(status)
      const policy = directives(answer.headers.get('content-security-policy'))
      expect(policy.get('default-src')).toEqual(["'self'"])
      expect(policy.get('script-src')).toEqual(
        mode === 'production' ? ["'self'"] : ["'self'", "'wasm-unsafe-eval'"],
      )
      expect(policy.get('style-src')).toEqual(["'self'"])
      expect(policy.get('style-src-attr')).toEqual(mode === 'production' ? undefined : ["'unsafe-inline'"])
      expect(policy.get('img-src')).toEqual(["'self'", 'blob:'])
      expect(policy.get('connect-src')).toEqual(["'self'"])
      expect(policy.get('frame-src')).toEqual(["'self'"])
      expect(policy.get('object-src')).toEqual(["'none'"])
      expect(policy.get('frame-ancestors')).toEqual(["'none'"])
      expect(policy.get('report-uri')).toEqual(['/api/csp-reports'])
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff')
      expect(answer.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
      expect(answer.headers.get('permissions-policy')).toMatch(/(^|, )camera=\(\)/)
      expect(answer.headers.get('permissions-policy')).toMatch(/(^|, )microphone=\(\)/)
      expect(answer.headers.get('permissions-policy')).toMatch(/(^|, )geolocation=\(\)/)
      expect(answer.headers.get('permissions-policy')).toMatch(/(^|, )payment=\(\)/)
      expect(answer.headers.get('strict-transport-security')).toBe(
        mode === 'production' ? 'max-age=31536000; includeSubDomains' : null,
      )
    })

    it.each([
      ['a built script', '/assets/index-Ab12Cd34.js'],
      ['a built stylesheet', '/assets/index-Ef56Gh78.css'],
    ])('sends %s with nosniff alone, as no policy of a document applies to it', async (_kind, path) => {
      const answer = await appWith(mode, overrides).request(path)
      expect(answer.status).toBe(200)
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff')
      for (const header of ['content-security-policy', 'permissions-policy', 'strict-transport-security'])
        expect(answer.headers.has(header), header).toBe(false)
    })

    it('gives the API reference a policy of its own, which reports too', async () => {
      const answer = await appWith(mode, overrides).request('/api/docs')
      expect(answer.status).toBe(200)
      const policy = directives(answer.headers.get('content-security-policy'))
      expect(policy.get('default-src')).toEqual(["'none'"])
      expect(policy.get('script-src')).toEqual(["'self'"])
      expect(policy.get('report-uri')).toEqual(['/api/csp-reports'])
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff')
      expect(answer.headers.has('strict-transport-security')).toBe(mode === 'production')
    })
  })

  it('admits Stripe’s script, frames and API only where Stripe is configured', async () => {
    const answer = await appWith('stripe', { appMode: 'production', stripe }).request('/billing')
    const policy = directives(answer.headers.get('content-security-policy'))
    expect(policy.get('script-src')).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com'])
    expect(policy.get('frame-src')).toEqual([
      "'self'",
      'https://js.stripe.com',
      'https://*.js.stripe.com',
      'https://hooks.stripe.com',
    ])
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://api.stripe.com'])
    expect(answer.headers.get('permissions-policy')).toContain('payment=(self "https://js.stripe.com")')
  })

  it('admits the origin of SENTRY_DSN, and the worker its replays use, only while error reporting is on', async () => {
    const on = await appWith('sentry', { errorReporting }).request('/login')
    const policy = directives(on.headers.get('content-security-policy'))
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://o1.ingest.sentry.example'])
    expect(policy.get('worker-src')).toEqual(["'self'", 'blob:'])
    const off = await appWith('sentry off', {
      errorReporting: { ...errorReporting, disabled: true },
    }).request('/login')
    expect(directives(off.headers.get('content-security-policy')).get('connect-src')).toEqual(["'self'"])
    expect(directives(off.headers.get('content-security-policy')).get('worker-src')).toEqual(["'self'"])
  })

  it('admits the guidance service’s SDK, calls and tips only where GUIDANCE_TOKEN is set', async () => {
    const on = directives(
      (await appWith('guidance', { guidanceToken: 'NX-98ii14b' }).request('/login')).headers.get(
        'content-security-policy',
      ),
    )
    expect(on.get('script-src')).toEqual(expect.arrayContaining(['https://js.userpilot.io']))
    expect(on.get('connect-src')).toEqual(["'self'", 'https://*.userpilot.io', 'wss://*.userpilot.io'])
    expect(on.get('style-src')).toEqual(["'self'", "'unsafe-inline'"])
    const off = directives(
      (await appWith('plain', {}).request('/login')).headers.get('content-security-policy'),
    )
    expect(off.get('script-src')?.join(' ')).not.toContain('userpilot')
    expect(off.get('connect-src')).toEqual(["'self'"])
    expect(off.get('style-src')).toEqual(["'self'"])
  })

  it('admits the referral service’s script, calls and frame only where it is configured, not its sandbox', async () => {
    const referral = { productId: 'signet-ch', productSecret: 'a-product-secret-of-cello', sandbox: false }
    const policyOf = async (name: string, overrides: Parameters<typeof appWith>[1]) =>
      directives((await appWith(name, overrides).request('/login')).headers.get('content-security-policy'))
    const on = await policyOf('referral', { referral })
    expect(on.get('script-src')).toEqual(expect.arrayContaining(['https://assets.cello.so']))
    expect(on.get('connect-src')).toEqual(["'self'", 'https://*.cello.so', 'wss://*.cello.so'])
    expect(on.get('frame-src')).toEqual(["'self'", 'https://*.cello.so'])
    // The sandbox's stand-in comes from the server itself: nothing of the service is admitted.
    for (const off of [
      await policyOf('referral sandbox', { referral: { ...referral, sandbox: true } }),
      await policyOf('plain', {}),
    ]) {
      expect(off.get('script-src')?.join(' ')).not.toContain('cello')
      expect(off.get('connect-src')).toEqual(["'self'"])
      expect(off.get('frame-src')).toEqual(["'self'"])
    }
  })

  it('admits the one stylesheet of each page the server writes itself, and no script', () => {
    const styleHashes = (html: string) =>
      [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(
        ([, css]) =>
          `'sha256-${createHash('sha256')
            .update(css ?? '')
            .digest('base64')}'`,
      )
    const row = { provider: 'zertes', mode: 'video' } as Parameters<typeof sandboxPageHtml>[0]
    const pages = [
      [sandboxPageHtml(row, { firstName: 'Erin', lastName: 'Example' }), sandboxPagePolicy],
      [authorizePage({ request: {}, email: '', givenName: '', familyName: '' }), authorizePagePolicy],
      [String(returnFailedPage('ended', 'de-ch')), returnFailedPagePolicy],
    ] as const
    for (const [html, header] of pages) {
      const policy = directives(header)
      expect(html).not.toMatch(/<script|style="/)
      expect(policy.get('style-src')).toEqual(styleHashes(html))
      expect(policy.get('default-src')).toEqual(["'none'"])
      expect(policy.get('form-action')).toEqual(["'self'"])
      expect(policy.get('frame-ancestors')).toEqual(["'none'"])
    }
  })

  it('logs each violation a browser reports, and answers 204', async () => {
    const app = appWith('development', modes.development)
    logged.length = 0
    const legacy = await app.request('/api/csp-reports', {
      method: 'POST',
      headers: { 'content-type': 'application/csp-report' },
      body: JSON.stringify({
        'csp-report': {
          'document-uri': 'http://localhost/dashboard',
          'violated-directive': 'script-src-elem',
          'effective-directive': 'script-src-elem',
          'blocked-uri': 'inline',
          'source-file': 'http://localhost/dashboard',
          'line-number': 12,
          disposition: 'enforce',
        },
      }),
    })
    expect(legacy.status).toBe(204)
    const notReport = await app.request('/api/csp-reports', {
      method: 'POST',
      headers: { 'content-type': 'application/csp-report' },
      body: '{"something": "else"}',
    })
    expect(notReport.status).toBe(204)
    expect(
      logged.filter((line) => line.msg === 'Content-Security-Policy violation').map((l) => l.violation),
    ).toEqual([
      expect.objectContaining({
        documentUrl: 'http://localhost/dashboard',
        directive: 'script-src-elem',
        blockedUrl: 'inline',
        line: 12,
      }),
    ])
    const huge = await app.request('/api/csp-reports', {
      method: 'POST',
      headers: { 'content-type': 'application/csp-report' },
      body: 'x'.repeat(20_000),
    })
    expect(huge.status).toBe(413)
  })
})
