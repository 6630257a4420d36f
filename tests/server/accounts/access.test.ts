import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiUserPaths } from '../../../contract/api-users.ts'
import { billingPaths } from '../../../contract/billing.ts'
import { toCamelCase } from '../../../contract/case.ts'
import { mobileSigningPaths } from '../../../contract/mobile-signing.ts'
import { apiBase, apiPaths } from '../../../contract/paths.ts'
import { createApp } from '../../../server/app.ts'
import type { Database } from '../../../server/db/open-database.ts'
import { cspReportPath } from '../../../server/http/security-headers.ts'
import { testAppConfig } from '../test-app-config.ts'
import { featureDrivers } from '../test-database.ts'
import { type AccountsClient, goodPassword, startAccountsClient } from './accounts-client.ts'

/** Calls that answer without a token; every other route of the API must refuse a request without one. */
const publicRoutes = new Set([
  `POST ${apiPaths.login()}`,
  `POST ${apiPaths.loginSecondFactor()}`,
  `POST ${apiPaths.loginPasskeyOptions()}`,
  `POST ${apiPaths.loginPasskey()}`,
  `POST ${apiPaths.register()}`,
  `POST ${apiPaths.requestConfirmation()}`,
  `POST ${apiPaths.validConfirmation()}`,
  `POST ${apiPaths.requestReset()}`,
  `POST ${apiPaths.resetPassword()}`,
  `POST ${apiPaths.checkPassword()}`,
  `POST ${apiPaths.identityProviders()}`,
  `GET ${apiPaths.datetime()}`,
  `GET ${apiPaths.health()}`,
  `GET ${apiPaths.appConfig()}`,
  `GET ${apiPaths.status()}`,
  `GET ${apiPaths.outbox()}`,
  `GET ${apiPaths.outbox()}/:id`,
  // The platform's CA certificates, OCSP answers and CRLs, for anyone who validates a signed document.
  `GET ${apiPaths.pkiCa()}`,
  `GET ${apiPaths.pkiLinks()}`,
  `POST ${apiPaths.pkiOcsp()}`,
  `GET ${apiPaths.pkiOcsp()}/:request`,
  'GET /pki/ca/:file',
  'GET /pki/crl/:file',
  // Anyone may check the signatures of a PDF.
  `POST ${apiPaths.validate()}`,
  // A business's logo, which the people its members ask to sign see, with or without an account.
  'GET /v1/businesses/:id/logo',
  // An invitation link's page shows who invites to which business before its visitor has an account; the
  // link's id is the key, and an id that is no open invitation gets a 404.
  'GET /v1/invitations/:inviteId',
  // An observer's read-only link holds its secret instead of a session (signing-order.test checks it), and a
  // wrong or missing one is 404, as for no request.
  'GET /v3/observe/signature-requests/:id',
  'GET /v3/observe/signature-requests/:id/documents/:documentId',
  // An embedded signing page trades its signing URL's secret for its direct-sign session (issue 41 §3); a wrong
  // one is 404 (embedding.test checks it).
  'POST /v3/embedded-sessions',
  // Single sign-on: browser navigations before there is a session (the identity provider's POST among
  // them), our public SAML metadata, and the sandbox providers' endpoints.
  'GET /sso/start',
  'GET /sso/callback',
  'GET /sso/saml/metadata',
  'POST /sso/saml/acs',
  'GET /sso/saml/finish',
  'GET /sandbox/saml/sso',
  'POST /sandbox/saml/sso',
  'GET /sandbox/oidc/.well-known/openid-configuration',
  'GET /sandbox/oidc/authorize',
  'POST /sandbox/oidc/authorize',
  'POST /sandbox/oidc/token',
  'GET /sandbox/oidc/jwks',
  // The card provider's webhooks are signed, not signed in; the sandbox's stand-in for Stripe.js holds
  // the setup intent's client secret instead of a session.
  `POST ${billingPaths.stripeWebhook()}`,
  `POST ${billingPaths.sandboxConfirm()}`,
  // The identification provider's webhooks are signed; the sandbox provider's page stands in for its site.
  'POST /webhooks/identification/:provider',
  'GET /sandbox/identification/:ref',
  'POST /sandbox/identification/:ref',
  // The SMS gateway's delivery reports are signed with its auth token.
  `POST ${mobileSigningPaths.twilioStatus()}`,
  // API users trade their username and key for a token, on Signet's API and on Skribble's (issue 43), whose
  // health check is open as Skribble describes it.
  `POST ${apiUserPaths.accessLogin()}`,
  'POST /skribble/v2/access/login',
  'POST /skribble/v3/access/login',
  'POST /skribble/validation/v1/access/login',
  'GET /skribble/v2/management/health',
  'GET /skribble/v3/management/health',
  // What each of Skribble's validation operations costs in credits, open as Skribble describes it.
  'GET /skribble/validation/v1/billing/credits/infos',
  // Skribble's Send-To: its access code (X-Accesscode) stands for the sender.
  'GET /skribble/v2/sendto/:id/track',
  'GET /skribble/v3/sendto/:id/track',
  'GET /skribble/v2/sendto/:id/download',
  'GET /skribble/v3/sendto/:id/download',
  'DELETE /skribble/v2/sendto/:id',
  'DELETE /skribble/v3/sendto/:id',
  // A public template's link is its visitors' credential (issue 41 §1): they read it, ask for a code, confirm it.
  'GET /v3/public-templates/:token',
  'POST /v3/public-templates/:token/visits',
  'POST /v3/public-templates/:token/visits/:visitId/confirm',
  // The API's description and its reference page, for developers before they have a key.
  'GET /openapi.json',
  'GET /docs',
  'GET /docs/:file',
  // Browsers report what a Content-Security-Policy refused without credentials (server/routes/csp-reports.ts).
  `POST ${cspReportPath}`,
])

/** Every route of the API as `METHOD /path`, read from the app itself so a new route cannot be missed. */
function apiRoutes(): string[] {
  const app = createApp({
    config: testAppConfig('/nonexistent'),
    // Routes are only listed here, never called.
    db: {} as Database,
    logger: pino({ level: 'silent' }),
    mail: { post: async () => {} },
    jobs: { enqueue: async () => {}, wake: () => {}, laneOf: () => undefined },
  })
  const routes = app.routes
    .filter(
      (route) => route.method !== 'ALL' && route.path.startsWith(`${apiBase}/`) && !route.path.endsWith('*'),
    )
    .map((route) => `${route.method} ${route.path.slice(apiBase.length)}`)
  return [...new Set(routes)].sort()
}

/**
 * The operator's calls: guarded by the operator token (tests/server/metrics), never a user's. The backup's
 * route comes with the server's services (tests/server/backup).
 */
const operatorRoutes = new Set([`GET ${apiPaths.metrics()}`])

const routes = apiRoutes()
/** Calls of direct-link signers: they take the link's credentials, never an account's token. */
const directRoutes = routes.filter((route) => /^\w+ \/v\d\/direct\//.test(route))
const protectedRoutes = routes.filter(
  (route) => !publicRoutes.has(route) && !operatorRoutes.has(route) && !directRoutes.includes(route),
)

describe.each(featureDrivers)('access to every route on %s', (driver) => {
  let api: AccountsClient
  let expiredToken: string
  let first: { id: string; email: string; token: string }
  const second = { email: 'second@example.com', token: '' }

  beforeAll(async () => {
    api = await startAccountsClient(driver)
    const email = 'first@example.com'
    expiredToken = await api.signUp(email)
    await api.signUp(second.email)
    api.clock.advance(24 * 60 * 60 * 1000)
    const token = ((await (await api.login(email, goodPassword)).json()) as { token: string }).token
    const user = (await (await api.call('GET', apiPaths.user(), { token })).json()) as { id: string }
    first = { id: user.id, email, token }
  })

  afterAll(async () => {
    await api?.server.stop()
  })

  const send = (route: string, token?: string) => {
    const [method = 'GET', path = '/'] = route.split(' ')
    return api.call(method, path.replace(/:\w+/g, 'x'), {
      token,
      body: method === 'GET' || method === 'HEAD' ? undefined : {},
    })
  }

  it('finds the user routes among the routes of the app', () => {
    for (const route of [
      `GET ${apiPaths.user()}`,
      `PUT ${apiPaths.user()}`,
      `POST ${apiPaths.logout()}`,
      `POST ${apiPaths.changePassword()}`,
      `POST ${apiPaths.deleteUser()}`,
      `POST ${apiPaths.accept()}`,
      `GET ${apiPaths.emailAutocomplete()}`,
    ]) {
      expect(protectedRoutes).toContain(route)
    }
  })

  it('answers every protected route 401 without a token, with a forged one and with an expired one', async () => {
    for (const route of protectedRoutes) {
      await api.expectError(await send(route), 401, 'auth.unauthenticated')
      await api.expectError(await send(route, 'forged-token'), 401, 'auth.unauthenticated')
      await api.expectError(await send(route, expiredToken), 401, 'auth.token_expired')
    }
  })

  it("answers every direct-link route 401 without the link's credentials, an account's token included", async () => {
    expect(directRoutes).toContain(`POST ${apiPaths.directSign('x')}`.replace(/\?.*/, ''))
    for (const route of directRoutes) {
      await api.expectError(await send(route), 401, 'direct.invalid_token')
      await api.expectError(await send(route, first.token), 401, 'direct.invalid_token')
    }
  })

  it('answers the public routes without a token', async () => {
    for (const route of routes.filter((r) => publicRoutes.has(r))) {
      const response = await send(route)
      expect(response.status, route).not.toBe(401)
      expect(response.status, route).toBeLessThan(500)
    }
  })

  it("answers the operator's calls to no user, however signed in", async () => {
    expect([...operatorRoutes].every((route) => routes.includes(route))).toBe(true)
    for (const route of operatorRoutes) {
      const response = await send(route, first.token)
      expect([401, 403, 404], route).toContain(response.status)
    }
  })

  it("never shows or changes the first user's data to the second user's token", async () => {
    const signIn = async () =>
      ((await (await api.login(second.email, goodPassword)).json()) as { token: string }).token
    second.token = await signIn()
    for (const route of protectedRoutes) {
      const response = await send(route, second.token)
      expect(response.status, route).not.toBe(401)
      const text = await response.text()
      expect(text, route).not.toContain(first.email)
      expect(text, route).not.toContain(first.id)
      // Signing out (or out everywhere) ends the session: a new sign-in then, not one per route (each hashes).
      if ((await api.call('GET', apiPaths.user(), { token: second.token })).status === 401)
        second.token = await signIn()
    }
    const own = await api.call('GET', apiPaths.user(), { token: second.token })
    expect(toCamelCase(await own.json())).toMatchObject({ email: second.email })
    const firstUser = await api.call('GET', apiPaths.user(), { token: first.token })
    expect(firstUser.status).toBe(200)
    expect(await firstUser.json()).toMatchObject({ id: first.id, email: first.email, first_name: 'Ada' })
  })
})
