import { type Context, Hono } from 'hono'
import { created, noContent, ok } from '../../contract/openapi/operation.ts'
import { apiPaths } from '../../contract/paths.ts'
import {
  checkPasswordAnswerSchema,
  checkPasswordSchema,
  identityProvidersAnswerSchema,
  identityProvidersSchema,
  loginAnswerSchema,
  loginPasskeyOptionsSchema,
  loginPasskeySchema,
  loginSchema,
  loginSecondFactorSchema,
  registerSchema,
  requestConfirmationSchema,
  requestResetSchema,
  resetPasswordSchema,
  tokenAnswerSchema,
  validConfirmationAnswerSchema,
  validConfirmationSchema,
  webAuthnOptionsSchema,
} from '../../contract/user.ts'
import { checkPassword } from '../../machines/password/password-policy.ts'
import type { AccountServices } from '../accounts/account-services.ts'
import { checkConfirmation } from '../accounts/check-confirmation.ts'
import { completeSignIn } from '../accounts/complete-sign-in.ts'
import { findIdentityProvider } from '../accounts/find-identity-provider.ts'
import { registerUser } from '../accounts/register-user.ts'
import { requestConfirmation } from '../accounts/request-confirmation.ts'
import { requestReset } from '../accounts/request-reset.ts'
import { resetPassword } from '../accounts/reset-password.ts'
import { signIn } from '../accounts/sign-in.ts'
import { passkeySignInOptions, signInWithPasskey } from '../accounts/sign-in-with-passkey.ts'
import { clientAddress } from '../http/client-address.ts'
import { describeRoute } from '../http/describe-route.ts'
import { jsonBody } from '../http/json-body.ts'
import { sendJson } from '../http/send-json.ts'

/** Where a sign-in comes from, for its session and the new-device mail. */
const deviceOf = (c: Context) => ({
  userAgent: c.req.header('user-agent') ?? null,
  address: clientAddress(c),
})

/**
 * The account calls that need no token (SPEC §7 User): sign-in, signup with its confirmation mail, the
 * password reset, the password check and the single-sign-on lookup.
 */
export function createAuthRoutes(services: AccountServices): Hono {
  return new Hono()
    .post(
      apiPaths.login(),
      jsonBody(loginSchema),
      describeRoute({
        summary: 'Sign in with an address and password',
        description:
          'Answers a token, or, for an account with a second factor, a challenge to trade for one with a code.',
        tag: 'Accounts',
        auth: 'none',
        answers: [ok(loginAnswerSchema)],
        errors: {
          401: ['auth.invalid_credentials', 'auth.invalid_credentials_last_try'],
          429: ['auth.too_many_attempts'],
        },
      }),
      async (c) => sendJson(c, await signIn(services, c.req.valid('json'), deviceOf(c))),
    )
    .post(
      apiPaths.loginSecondFactor(),
      jsonBody(loginSecondFactorSchema),
      describeRoute({
        summary: 'Finish signing in with a second-factor code or a recovery code',
        tag: 'Accounts',
        auth: 'none',
        answers: [ok(tokenAnswerSchema)],
        errors: {
          400: ['second_factor.invalid_code', 'second_factor.code_used'],
          401: ['auth.sign_in_expired'],
          429: ['auth.too_many_attempts'],
          503: ['second_factor.unavailable'],
        },
      }),
      async (c) => sendJson(c, await completeSignIn(services, c.req.valid('json'), deviceOf(c))),
    )
    .post(
      apiPaths.loginPasskeyOptions(),
      jsonBody(loginPasskeyOptionsSchema),
      describeRoute({
        summary: 'Start signing in with a passkey',
        description:
          'Answers the WebAuthn options for the browser’s `navigator.credentials.get()` as JSON text: for a passkey alone, or, with the challenge of a right password, for a passkey as the second factor.',
        tag: 'Accounts',
        auth: 'none',
        answers: [ok(webAuthnOptionsSchema)],
        errors: { 401: ['auth.sign_in_expired'] },
      }),
      async (c) => sendJson(c, await passkeySignInOptions(services, c.req.valid('json'))),
    )
    .post(
      apiPaths.loginPasskey(),
      jsonBody(loginPasskeySchema),
      describeRoute({
        summary: 'Sign in with the browser’s answer to passkey options',
        tag: 'Accounts',
        auth: 'none',
        answers: [ok(tokenAnswerSchema)],
        errors: {
          401: ['passkey.refused', 'passkey.challenge_expired', 'auth.sign_in_expired'],
          429: ['auth.too_many_attempts'],
        },
      }),
      async (c) => sendJson(c, await signInWithPasskey(services, c.req.valid('json'), deviceOf(c))),
    )
    .post(
      apiPaths.register(),
      jsonBody(registerSchema),
      describeRoute({
        summary: 'Open an account with a confirmed address',
        tag: 'Accounts',
        auth: 'none',
        answers: [created(tokenAnswerSchema)],
        errors: {
          400: [
            'token.invalid',
            'token.expired',
            'password.too_short',
            'password.too_long',
            'password.needs_letter',
            'password.needs_digit',
            'password.contains_email',
            'password.too_common',
          ],
          409: ['user.already_exists'],
        },
      }),
      async (c) => sendJson(c, await registerUser(services, c.req.valid('json')), 201),
    )
    .post(
      apiPaths.requestConfirmation(),
      jsonBody(requestConfirmationSchema),
      describeRoute({
        summary: 'Mail a link that confirms an address',
        tag: 'Accounts',
        auth: 'none',
        answers: [noContent],
      }),
      async (c) => {
        await requestConfirmation(services, c.req.valid('json'))
        return c.body(null, 204)
      },
    )
    .post(
      apiPaths.validConfirmation(),
      jsonBody(validConfirmationSchema),
      describeRoute({
        summary: 'Whether a mailed confirmation token is still good',
        tag: 'Accounts',
        auth: 'none',
        answers: [ok(validConfirmationAnswerSchema)],
      }),
      async (c) => sendJson(c, await checkConfirmation(services, c.req.valid('json').token)),
    )
    .post(
      apiPaths.requestReset(),
      jsonBody(requestResetSchema),
      describeRoute({
        summary: 'Mail a password reset link',
        tag: 'Accounts',
        auth: 'none',
        answers: [noContent],
      }),
      async (c) => {
        await requestReset(services, c.req.valid('json'))
        return c.body(null, 204)
      },
    )
    .post(
      apiPaths.resetPassword(),
      jsonBody(resetPasswordSchema),
      describeRoute({
        summary: 'Set a new password with a mailed reset token',
        tag: 'Accounts',
        auth: 'none',
        answers: [noContent],
        errors: {
          400: [
            'token.invalid',
            'token.expired',
            'password.too_short',
            'password.too_long',
            'password.needs_letter',
            'password.needs_digit',
            'password.contains_email',
            'password.too_common',
          ],
        },
      }),
      async (c) => {
        await resetPassword(services, c.req.valid('json'))
        return c.body(null, 204)
      },
    )
    .post(
      apiPaths.checkPassword(),
      jsonBody(checkPasswordSchema),
      describeRoute({
        summary: 'Check a password against the password policy',
        tag: 'Accounts',
        auth: 'none',
        answers: [ok(checkPasswordAnswerSchema)],
      }),
      (c) => {
        const { password, email } = c.req.valid('json')
        const errorCode = checkPassword(password, email)
        return sendJson(c, { validPassword: errorCode === null, errorCode })
      },
    )
    .post(
      apiPaths.identityProviders(),
      jsonBody(identityProvidersSchema),
      describeRoute({
        summary: 'Where an address signs in with single sign-on, if anywhere',
        tag: 'Accounts',
        auth: 'none',
        answers: [ok(identityProvidersAnswerSchema)],
      }),
      async (c) => sendJson(c, await findIdentityProvider(services, c.req.valid('json').email)),
    )
}
