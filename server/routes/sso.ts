import { type Context, Hono } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { Logger } from 'pino'
import * as v from 'valibot'
import { file, redirect } from '../../contract/openapi/operation.ts'
import { unnamedSchemas } from '../../contract/openapi/unnamed-schemas.ts'
import { apiBase } from '../../contract/paths.ts'
import type { SignInProvider } from '../../contract/sign-in-providers.ts'
import { emailSchema, type TokenAnswer } from '../../contract/user.ts'
import type { AppConfig } from '../config.ts'
import type { Database } from '../db/open-database.ts'
import { ApiError } from '../http/api-error.ts'
import { clientAddress } from '../http/client-address.ts'
import { describeRoute } from '../http/describe-route.ts'
import { countRequest } from '../http/rate-limit.ts'
import { finishSamlSso, verifySamlAnswer } from '../sso/finish-saml-sso.ts'
import { finishSso } from '../sso/finish-sso.ts'
import { createOpenIdClient, type ProviderFetch } from '../sso/openid-client.ts'
import { createSamlClient } from '../sso/saml-client.ts'
import { createSandboxProvider } from '../sso/sandbox/sandbox-provider.ts'
import { createSandboxSamlIdp } from '../sso/sandbox/sandbox-saml-idp.ts'
import { createSignInSeals } from '../sso/sign-in-seal.ts'
import { SsoError } from '../sso/sso-error.ts'
import { ssoPaths } from '../sso/sso-paths.ts'
import type { SsoServices } from '../sso/sso-services.ts'
import { ssoSettings } from '../sso/sso-settings.ts'
import { signInLifetimeMs, startProviderSso, startSso } from '../sso/start-sso.ts'

/** What the single sign-on routes are built from. */
export type SsoRouteOptions = { config: AppConfig; db: Database; logger: Logger; now: () => Date }

const cookieName = 'signet_sso'

/** Where a route that finishes a sign-in sends the browser. */
const signedInAnswers = [
  redirect(303, 'To the app, with the token in the URL fragment, or to the page that says what failed.'),
] as const

/** Sign-ins one address may begin in a minute: each writes the state of a sign-in waiting for its answer. */
const startLimit = { limit: 20, windowMs: 60_000 }

/**
 * Single sign-on by OpenID Connect (authorization code with PKCE) or SAML 2.0 (SP-initiated, HTTP-POST
 * answers): `/sso/start` sends the browser to the company's provider, `/sso/callback` or `/sso/saml/acs` then
 * `/sso/saml/finish` sign the person in and hand the token to the app in the URL fragment. Outside production also the
 * sandbox providers, with their domains seeded.
 */
export function createSsoRoutes({ config, db, logger, now }: SsoRouteOptions): Hono {
  const settings = ssoSettings(config)
  const routes = new Hono()
  const apiUrl = `${config.publicUrl}${apiBase}`
  let fetchProvider: ProviderFetch = (url, init) => fetch(url, init)
  const { sandbox } = settings
  if (sandbox !== null) {
    const provider = createSandboxProvider({ ...sandbox, redirectUri: settings.redirectUri, now })
    routes.route('/', provider)
    routes.route(
      '/',
      createSandboxSamlIdp({ entityId: sandbox.samlIdp, serviceProvider: settings.serviceProvider, now }),
    )
    // The server asks its own sandbox in-process: PUBLIC_URL may not be reachable from the server itself.
    fetchProvider = async (url, init) =>
      url.startsWith(`${sandbox.issuer}/`)
        ? provider.request(url.slice(apiUrl.length), init)
        : fetch(url, init)
  }
  const services: SsoServices = {
    db,
    now,
    logger,
    openId: createOpenIdClient({ fetch: fetchProvider, allowHttp: config.appMode !== 'production' }),
    seals: createSignInSeals(settings.stateSecret),
    clients: settings.clients,
    providers: settings.providers,
    redirectUri: settings.redirectUri,
    saml: createSamlClient({ db, now, serviceProvider: settings.serviceProvider }),
    samlProviders: settings.samlProviders,
  }
  const offered = (provider: string): provider is SignInProvider =>
    Object.hasOwn(services.providers, provider)
  const cookiePath = `${apiBase}/sso`
  const secure = config.publicUrl.startsWith('https:')

  // Failures go to the app's pages, not to a JSON error: the browser is navigating here.
  const fail = (c: Context, error: unknown) => {
    const failure =
      error instanceof SsoError
        ? error
        : new SsoError('server_error', 'Single sign-on failed', { cause: error })
    const log = failure.reason === 'server_error' ? logger.error.bind(logger) : logger.warn.bind(logger)
    log({ reason: failure.reason, err: failure.cause ?? failure }, `single sign-on: ${failure.message}`)
    return c.redirect(failure.appPath, 303)
  }

  /** Signs the browser in: the token goes to the app in the fragment, never to a server, a proxy or a log. */
  const signedIn = (c: Context, answer: TokenAnswer) => {
    const fragment = new URLSearchParams({
      token: answer.token,
      token_type: answer.tokenType,
      expires_at: answer.expiresAt,
    })
    c.header('Cache-Control', 'no-store')
    c.header('Referrer-Policy', 'no-referrer')
    return c.redirect(`/sso/callback#${fragment}`, 303)
  }

  /** Finishes a sign-in with the sealed cookie /sso/start left in this browser, which it spends. */
  const finishWithCookie = async (
    c: Context,
    finish: (sealed: string | undefined) => Promise<TokenAnswer>,
  ) => {
    const sealed = getCookie(c, cookieName)
    deleteCookie(c, cookieName, { path: cookiePath, secure })
    try {
      return signedIn(c, await finish(sealed))
    } catch (error) {
      return fail(c, error)
    }
  }

  return routes
    .get(
      ssoPaths.start,
      describeRoute({
        summary: 'Start single sign-on (a browser navigation)',
        description:
          'At the company’s identity provider of `email`, or at the sign-in provider `provider` chosen on /login (400 for one not offered).',
        tag: 'Accounts',
        auth: 'none',
        query: unnamedSchemas.ssoStartQuery,
        answers: [
          redirect(303, 'To the company’s identity provider, or to the app’s page that says what failed.'),
        ],
      }),
      async (c) => {
        // A sign-in provider chosen on /login, or else the company of the address.
        const provider = c.req.query('provider')
        let begin: () => ReturnType<typeof startSso>
        if (provider !== undefined) {
          if (!offered(provider)) {
            const names = Object.keys(services.providers).join(', ') || 'none'
            throw new ApiError(
              400,
              'request.invalid',
              `The sign-in provider "${provider}" is not offered here (offered: ${names})`,
              { field: 'provider' },
            )
          }
          begin = () => startProviderSso(services, provider)
        } else {
          const email = v.safeParse(emailSchema, c.req.query('email') ?? '')
          if (!email.success)
            return fail(c, new SsoError('request_invalid', 'No valid e-mail address to sign in with'))
          begin = () => startSso(services, email.output)
        }
        try {
          await countRequest({ db, key: `sso-start:${clientAddress(c)}`, ...startLimit, now }, 'your address')
        } catch (error) {
          return fail(
            c,
            new SsoError('rate_limited', 'Too many sign-ins begun from one address', { cause: error }),
          )
        }
        try {
          const { location, sealed } = await begin()
          // Lax: the browser comes back with a top-level GET (the OpenID callback, or SAML's finish after the
          // consumer service), which Lax cookies go along with.
          setCookie(c, cookieName, sealed, {
            path: cookiePath,
            httpOnly: true,
            secure,
            sameSite: 'Lax',
            maxAge: signInLifetimeMs / 1000,
          })
          return c.redirect(location, 303)
        } catch (error) {
          return fail(c, error)
        }
      },
    )
    .get(
      ssoPaths.callback,
      describeRoute({
        summary: 'Where identity providers send the browser back',
        tag: 'Accounts',
        auth: 'none',
        query: unnamedSchemas.ssoCallbackQuery,
        answers: signedInAnswers,
      }),
      (c) =>
        finishWithCookie(c, (sealed) => {
          const pending = sealed === undefined ? null : services.seals.openId.open(sealed)
          const { code, state, error, iss } = c.req.query()
          return finishSso(services, { code, state, error, iss }, pending)
        }),
    )
    .get(
      ssoPaths.samlMetadata,
      describeRoute({
        summary: 'SAML service provider metadata',
        description:
          'Its address is our entity id; identity providers take our assertion consumer service from it.',
        tag: 'Accounts',
        auth: 'none',
        answers: [file('application/samlmetadata+xml', 'The SAML 2.0 metadata of this app.')],
      }),
      (c) =>
        c.body(services.saml.metadata(), 200, {
          'Content-Type': 'application/samlmetadata+xml; charset=utf-8',
        }),
    )
    .post(
      ssoPaths.samlAcs,
      describeRoute({
        summary: 'Where SAML identity providers post their answer',
        tag: 'Accounts',
        auth: 'none',
        body: {
          binary: {
            media: 'application/x-www-form-urlencoded',
            description: 'SAMLResponse and RelayState, as the HTTP-POST binding sends them.',
          },
        },
        answers: [
          redirect(
            303,
            'To the finish of the sign-in with the verified answer, or to the page that says what failed.',
          ),
        ],
      }),
      async (c) => {
        try {
          const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
          const text = (name: string) => (typeof form[name] === 'string' ? form[name] : undefined)
          const answer = await verifySamlAnswer(services, {
            SAMLResponse: text('SAMLResponse'),
            RelayState: text('RelayState'),
          })
          const finish = new URLSearchParams({ answer: services.seals.samlAnswer.seal(answer) })
          c.header('Cache-Control', 'no-store')
          c.header('Referrer-Policy', 'no-referrer')
          return c.redirect(`${apiBase}${ssoPaths.samlFinish}?${finish}`, 303)
        } catch (error) {
          return fail(c, error)
        }
      },
    )
    .get(
      ssoPaths.samlFinish,
      describeRoute({
        summary: 'Finishes a SAML sign-in in the browser that began it',
        description:
          'The consumer service sends the browser here with the verified answer; the sign-in cookie of /sso/start must name the same request.',
        tag: 'Accounts',
        auth: 'none',
        query: unnamedSchemas.ssoSamlFinishQuery,
        answers: signedInAnswers,
      }),
      (c) =>
        finishWithCookie(c, (sealed) => {
          const answer = services.seals.samlAnswer.open(c.req.query('answer') ?? '')
          const pending = sealed === undefined ? null : services.seals.samlPending.open(sealed)
          return finishSamlSso(services, answer, pending)
        }),
    )
}
