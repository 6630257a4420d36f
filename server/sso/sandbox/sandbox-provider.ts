import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { type Context, Hono } from 'hono'
import { calculatePKCECodeChallenge } from 'openid-client'
import type { SsoClient } from '../../config.ts'
import { signJwt } from '../sign-jwt.ts'
import { ssoPaths } from '../sso-paths.ts'
import { authorizeErrorPage, authorizePage, authorizePagePolicy } from './authorize-page.ts'
import { sandboxKey } from './sandbox-key.ts'

/** Options of {@link createSandboxProvider}. */
export type SandboxProviderOptions = {
  /** Absolute issuer URL: the public address of {@link ssoPaths.sandboxIssuer}. */
  issuer: string
  /** The one client the sandbox knows: this app. */
  client: SsoClient
  /** The one return address the client registered. */
  redirectUri: string
  now: () => Date
}

/** A code handed to the browser, waiting to be redeemed once at the token endpoint. */
type PendingCode = {
  challenge: string
  nonce: string | undefined
  email: string
  givenName: string
  familyName: string
  expiresAt: number
}

const codeLifetimeMs = 60_000
const idTokenLifetimeSeconds = 300
const requestParameters = [
  'response_type',
  'client_id',
  'redirect_uri',
  'scope',
  'state',
  'nonce',
  'code_challenge',
  'code_challenge_method',
  'login_hint',
] as const

/** 256 random bits, base64url: codes and access tokens. */
const opaqueToken = () => randomBytes(32).toString('base64url')

/** RFC 6749 2.3.1: the halves of HTTP Basic client credentials are form-encoded; a broken one is no match. */
const formDecode = (text: string) => {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '))
  } catch {
    return ''
  }
}

const sameText = (a: string, b: string) => {
  const left = createHash('sha256').update(a).digest()
  return timingSafeEqual(left, createHash('sha256').update(b).digest())
}

/**
 * Outside production: an OpenID provider on this server for the authorization-code flow with PKCE, so
 * single sign-on can be tried for real. Its sign-in page lets the tester name any company user; codes
 * live in memory, single use, for 60 s; id_tokens are RS256-signed with a key made per process.
 */
export function createSandboxProvider({ issuer, client, redirectUri, now }: SandboxProviderOptions): Hono {
  const codes = new Map<string, PendingCode>()
  const base = ssoPaths.sandboxIssuer
  const endpoint = (path: string) => `${issuer}${path}`

  const dropExpired = () => {
    for (const [code, pending] of codes) if (pending.expiresAt <= now().getTime()) codes.delete(code)
  }

  const page = (c: Context, html: string, status: 400 | 200 = 200) =>
    c.html(html, status, { 'Content-Security-Policy': authorizePagePolicy })

  // RFC 9207: every answer names its issuer, so a client talking to several providers can tell them apart.
  const redirectBack = (c: Context, params: Record<string, string | undefined>) => {
    const url = new URL(redirectUri)
    for (const [name, value] of Object.entries({ ...params, iss: issuer }))
      if (value !== undefined) url.searchParams.set(name, value)
    return c.redirect(url.href, 303)
  }

  // Errors before the client and return address are known must not redirect anywhere (RFC 6749 4.1.2.1).
  const checkRequest = (c: Context, request: Record<string, string>): Response | null => {
    if (request.client_id !== client.clientId) return page(c, authorizeErrorPage('Unknown client_id.'), 400)
    if (request.redirect_uri !== redirectUri) return page(c, authorizeErrorPage('Unknown redirect_uri.'), 400)
    const state = request.state
    if (request.response_type !== 'code') {
      return redirectBack(c, { error: 'unsupported_response_type', state })
    }
    if (!request.scope?.split(' ').includes('openid'))
      return redirectBack(c, { error: 'invalid_scope', state })
    if (!request.code_challenge || request.code_challenge_method !== 'S256') {
      return redirectBack(c, {
        error: 'invalid_request',
        error_description: 'PKCE with S256 is required',
        state,
      })
    }
    return null
  }

  const pickRequest = (source: Record<string, unknown>) =>
    Object.fromEntries(
      requestParameters.flatMap((name) => (typeof source[name] === 'string' ? [[name, source[name]]] : [])),
    ) as Record<string, string>

  const tokenError = (c: Context, status: 400 | 401, error: string, description: string) => {
    c.header('Cache-Control', 'no-store')
    if (status === 401) c.header('WWW-Authenticate', 'Basic realm="sandbox"')
    return c.json({ error, error_description: description }, status)
  }

  const clientCredentials = (c: Context, form: Record<string, unknown>) => {
    const basic = c.req.header('authorization')?.match(/^Basic\s+(\S+)$/i)?.[1]
    if (basic !== undefined) {
      const decoded = Buffer.from(basic, 'base64').toString('utf8')
      const colon = decoded.indexOf(':')
      return {
        id: formDecode(decoded.slice(0, colon)),
        secret: formDecode(decoded.slice(colon + 1)),
      }
    }
    return { id: String(form.client_id ?? ''), secret: String(form.client_secret ?? '') }
  }

  return new Hono()
    .get(`${base}/.well-known/openid-configuration`, (c) =>
      c.json({
        issuer,
        authorization_endpoint: endpoint('/authorize'),
        token_endpoint: endpoint('/token'),
        jwks_uri: endpoint('/jwks'),
        response_types_supported: ['code'],
        grant_types_supported: ['authorization_code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        scopes_supported: ['openid', 'email', 'profile'],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
        code_challenge_methods_supported: ['S256'],
        authorization_response_iss_parameter_supported: true,
        claims_supported: [
          'iss',
          'aud',
          'sub',
          'email',
          'email_verified',
          'given_name',
          'family_name',
          'nonce',
        ],
      }),
    )
    .get(`${base}/jwks`, (c) => c.json({ keys: [sandboxKey().jwk] }))
    .get(`${base}/authorize`, (c) => {
      const request = pickRequest(c.req.query())
      const refused = checkRequest(c, request)
      if (refused) return refused
      return page(
        c,
        authorizePage({ request, email: request.login_hint ?? '', givenName: '', familyName: '' }),
      )
    })
    .post(`${base}/authorize`, async (c) => {
      const form = await c.req.parseBody()
      const request = pickRequest(form)
      const refused = checkRequest(c, request)
      if (refused) return refused
      if (form.action === 'cancel') return redirectBack(c, { error: 'access_denied', state: request.state })
      const entered = (name: string) => (typeof form[name] === 'string' ? form[name].trim() : '')
      const email = entered('email').toLowerCase()
      const givenName = entered('given_name')
      const familyName = entered('family_name')
      if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
        const refusal = authorizePage({
          request,
          email,
          givenName,
          familyName,
          error: 'Enter an e-mail address.',
        })
        return page(c, refusal, 400)
      }
      dropExpired()
      const code = opaqueToken()
      codes.set(code, {
        challenge: request.code_challenge ?? '',
        nonce: request.nonce,
        email,
        givenName,
        familyName,
        expiresAt: now().getTime() + codeLifetimeMs,
      })
      return redirectBack(c, { code, state: request.state })
    })
    .post(`${base}/token`, async (c) => {
      const form = await c.req.parseBody()
      if (typeof form.grant_type !== 'string')
        return tokenError(c, 400, 'invalid_request', 'grant_type is missing')
      if (form.grant_type !== 'authorization_code') {
        return tokenError(c, 400, 'unsupported_grant_type', 'Only authorization_code is supported')
      }
      const credentials = clientCredentials(c, form)
      if (!sameText(credentials.id, client.clientId) || !sameText(credentials.secret, client.clientSecret)) {
        return tokenError(c, 401, 'invalid_client', 'Unknown client or wrong secret')
      }
      const code = typeof form.code === 'string' ? form.code : ''
      const pending = codes.get(code)
      // Single use: a code is gone after its first redemption, whether that succeeds or not.
      codes.delete(code)
      if (pending === undefined || pending.expiresAt <= now().getTime()) {
        return tokenError(c, 400, 'invalid_grant', 'The code is unknown, used or expired')
      }
      if (form.redirect_uri !== redirectUri) {
        return tokenError(c, 400, 'invalid_grant', 'redirect_uri differs from the authorization request')
      }
      if (
        typeof form.code_verifier !== 'string' ||
        !sameText(await calculatePKCECodeChallenge(form.code_verifier), pending.challenge)
      ) {
        return tokenError(c, 400, 'invalid_grant', 'The PKCE code_verifier does not match')
      }
      const issuedAt = Math.floor(now().getTime() / 1000)
      const idToken = await signJwt(
        {
          iss: issuer,
          aud: client.clientId,
          sub: `sandbox-${createHash('sha256').update(pending.email).digest('hex').slice(0, 32)}`,
          email: pending.email,
          email_verified: true,
          ...(pending.givenName ? { given_name: pending.givenName } : {}),
          ...(pending.familyName ? { family_name: pending.familyName } : {}),
          ...(pending.nonce === undefined ? {} : { nonce: pending.nonce }),
          iat: issuedAt,
          exp: issuedAt + idTokenLifetimeSeconds,
        },
        sandboxKey(),
      )
      c.header('Cache-Control', 'no-store')
      return c.json({ access_token: opaqueToken(), token_type: 'Bearer', expires_in: 60, id_token: idToken })
    })
}
