import { Hono } from 'hono'
import {
  accountSecurityPaths,
  accountSessionsSchema,
  passkeyOptionsSchema,
  passkeyRegistrationSchema,
  passkeySchema,
  passkeysSchema,
  recoveryCodesSchema,
  secondFactorChangeSchema,
  secondFactorSchema,
  totpSetupSchema,
} from '../../contract/account-security.ts'
import { created, noContent, ok } from '../../contract/openapi/operation.ts'
import { webAuthnOptionsSchema } from '../../contract/user.ts'
import type { AccountServices } from '../accounts/account-services.ts'
import { disableTotp } from '../accounts/disable-totp.ts'
import { enableTotp } from '../accounts/enable-totp.ts'
import { endSession } from '../accounts/end-session.ts'
import { listSessions } from '../accounts/list-sessions.ts'
import { readSecondFactor } from '../accounts/read-second-factor.ts'
import {
  finishPasskeyRegistration,
  listPasskeys,
  startPasskeyRegistration,
} from '../accounts/register-passkey.ts'
import { removePasskey } from '../accounts/remove-passkey.ts'
import { revokeSessions } from '../accounts/revoke-sessions.ts'
import { startTotpSetup } from '../accounts/start-totp-setup.ts'
import { ApiError } from '../http/api-error.ts'
import { type ApiKeyMode, type AuthEnv, authenticate } from '../http/authenticate.ts'
import { clientAddress } from '../http/client-address.ts'
import { describeRoute } from '../http/describe-route.ts'
import { jsonBody } from '../http/json-body.ts'
import { sendJson } from '../http/send-json.ts'

const changeErrors = {
  400: ['second_factor.invalid_code', 'second_factor.code_used'],
  403: ['auth.wrong_password'],
  429: ['auth.too_many_attempts'],
  503: ['second_factor.unavailable'],
} as const

/** The signed-in user's second factor, passkeys and sessions (/profile/security, issue 42 §1, §2 and §4). */
export function createAccountSecurityRoutes(services: AccountServices & ApiKeyMode): Hono<AuthEnv> {
  const requireAuth = authenticate(services)
  return new Hono<AuthEnv>()
    .get(
      accountSecurityPaths.secondFactor(),
      requireAuth,
      describeRoute({
        summary: 'Whether one’s second factor is on, and the recovery codes left',
        tag: 'Accounts',
        auth: 'account',
        answers: [ok(secondFactorSchema)],
      }),
      async (c) => sendJson(c, await readSecondFactor(services.db, c.get('auth').userId)),
    )
    .post(
      accountSecurityPaths.secondFactorSetup(),
      requireAuth,
      describeRoute({
        summary: 'Start setting up an authenticator app',
        tag: 'Accounts',
        auth: 'account',
        answers: [ok(totpSetupSchema)],
        errors: { 409: ['second_factor.enabled'], 503: ['second_factor.unavailable'] },
      }),
      async (c) => sendJson(c, await startTotpSetup(services, c.get('auth'))),
    )
    .post(
      accountSecurityPaths.secondFactorEnable(),
      requireAuth,
      jsonBody(secondFactorChangeSchema),
      describeRoute({
        summary: 'Switch the second factor on with the password and a first code',
        tag: 'Accounts',
        auth: 'account',
        answers: [ok(recoveryCodesSchema)],
        errors: { ...changeErrors, 409: ['second_factor.no_setup'] },
      }),
      async (c) =>
        sendJson(c, await enableTotp(services, c.get('auth').userId, c.req.valid('json'), clientAddress(c))),
    )
    .post(
      accountSecurityPaths.secondFactorDisable(),
      requireAuth,
      jsonBody(secondFactorChangeSchema),
      describeRoute({
        summary: 'Switch the second factor off with the password and a code',
        tag: 'Accounts',
        auth: 'account',
        answers: [noContent],
        errors: { ...changeErrors, 409: ['second_factor.required'] },
      }),
      async (c) => {
        await disableTotp(services, c.get('auth').userId, c.req.valid('json'), clientAddress(c))
        return c.body(null, 204)
      },
    )
    .get(
      accountSecurityPaths.passkeys(),
      requireAuth,
      describeRoute({
        summary: 'One’s passkeys',
        tag: 'Accounts',
        auth: 'account',
        answers: [ok(passkeysSchema)],
      }),
      async (c) => sendJson(c, await listPasskeys(services.db, c.get('auth').userId)),
    )
    .post(
      accountSecurityPaths.passkeyOptions(),
      requireAuth,
      jsonBody(passkeyOptionsSchema),
      describeRoute({
        summary: 'Start registering a passkey with the password',
        description:
          'Answers the WebAuthn options for the browser’s `navigator.credentials.create()` as JSON text.',
        tag: 'Accounts',
        auth: 'account',
        answers: [ok(webAuthnOptionsSchema)],
        errors: { 403: ['auth.wrong_password'], 429: ['auth.too_many_attempts'] },
      }),
      async (c) =>
        sendJson(
          c,
          await startPasskeyRegistration(
            services,
            c.get('auth').userId,
            c.req.valid('json').password,
            clientAddress(c),
          ),
        ),
    )
    .post(
      accountSecurityPaths.passkeys(),
      requireAuth,
      jsonBody(passkeyRegistrationSchema),
      describeRoute({
        summary: 'Register a passkey with the browser’s answer to the options',
        tag: 'Accounts',
        auth: 'account',
        answers: [created(passkeySchema)],
        errors: {
          400: ['passkey.challenge_expired', 'passkey.refused'],
          409: ['passkey.exists'],
        },
      }),
      async (c) =>
        sendJson(
          c,
          await finishPasskeyRegistration(services, c.get('auth').userId, c.req.valid('json')),
          201,
        ),
    )
    .delete(
      `${accountSecurityPaths.passkeys()}/:id`,
      requireAuth,
      describeRoute({
        summary: 'Remove a passkey',
        tag: 'Accounts',
        auth: 'account',
        answers: [noContent],
        errors: { 404: ['passkey.not_found'], 409: ['second_factor.required'] },
      }),
      async (c) => {
        await removePasskey(services, c.get('auth').userId, c.req.param('id') ?? '')
        return c.body(null, 204)
      },
    )
    .get(
      accountSecurityPaths.sessions(),
      requireAuth,
      describeRoute({
        summary: 'One’s signed-in sessions',
        tag: 'Accounts',
        auth: 'account',
        answers: [ok(accountSessionsSchema)],
      }),
      async (c) => sendJson(c, await listSessions(services.db, c.get('auth'), services.now())),
    )
    .delete(
      accountSecurityPaths.sessions(),
      requireAuth,
      describeRoute({
        summary: 'Sign out every session but this one',
        tag: 'Accounts',
        auth: 'account',
        answers: [noContent],
        errors: { 400: ['session.none'] },
      }),
      async (c) => {
        const { userId, sessionId } = c.get('auth')
        // An API key has no session of its own to keep.
        if (sessionId === null) throw new ApiError(400, 'session.none', 'Sign in with a token to do this')
        await revokeSessions(services.db, userId, services.now(), sessionId)
        return c.body(null, 204)
      },
    )
    .delete(
      `${accountSecurityPaths.sessions()}/:id`,
      requireAuth,
      describeRoute({
        summary: 'Sign out one session',
        tag: 'Accounts',
        auth: 'account',
        answers: [noContent],
        errors: { 404: ['session.not_found'] },
      }),
      async (c) => {
        await endSession(services.db, c.get('auth').userId, c.req.param('id') ?? '', services.now())
        return c.body(null, 204)
      },
    )
}
