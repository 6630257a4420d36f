import { Hono } from 'hono'
import { apiPaths } from '../../contract/paths.ts'
import {
  checkPasswordSchema,
  identityProvidersSchema,
  loginSchema,
  registerSchema,
  requestConfirmationSchema,
  requestResetSchema,
  resetPasswordSchema,
  validConfirmationSchema,
} from '../../contract/user.ts'
import { checkPassword } from '../../machines/password/password-policy.ts'
import type { AccountServices } from '../accounts/account-services.ts'
import { checkConfirmation } from '../accounts/check-confirmation.ts'
import { findIdentityProvider } from '../accounts/find-identity-provider.ts'
import { TooManyAttempts } from '../accounts/login-throttle.ts'
import { registerUser } from '../accounts/register-user.ts'
import { requestConfirmation } from '../accounts/request-confirmation.ts'
import { requestReset } from '../accounts/request-reset.ts'
import { resetPassword } from '../accounts/reset-password.ts'
import { signIn } from '../accounts/sign-in.ts'
import { clientAddress } from '../http/client-address.ts'
import { jsonBody } from '../http/json-body.ts'
import { sendJson } from '../http/send-json.ts'

/**
 * The account calls that need no token (SPEC §7 User): sign-in, signup with its confirmation mail, the
 * password reset, the password check and the single-sign-on lookup.
 */
export function createAuthRoutes(services: AccountServices): Hono {
  return new Hono()
    .post(apiPaths.login(), jsonBody(loginSchema), async (c) => {
      try {
        return sendJson(c, await signIn(services, c.req.valid('json'), clientAddress(c)))
      } catch (error) {
        if (error instanceof TooManyAttempts) c.header('Retry-After', String(error.retryAfterSeconds))
        throw error
      }
    })
    .post(apiPaths.register(), jsonBody(registerSchema), async (c) =>
      sendJson(c, await registerUser(services, c.req.valid('json')), 201),
    )
    .post(apiPaths.requestConfirmation(), jsonBody(requestConfirmationSchema), async (c) => {
      await requestConfirmation(services, c.req.valid('json'))
      return c.body(null, 204)
    })
    .post(apiPaths.validConfirmation(), jsonBody(validConfirmationSchema), async (c) =>
      sendJson(c, await checkConfirmation(services, c.req.valid('json').token)),
    )
    .post(apiPaths.requestReset(), jsonBody(requestResetSchema), async (c) => {
      await requestReset(services, c.req.valid('json'))
      return c.body(null, 204)
    })
    .post(apiPaths.resetPassword(), jsonBody(resetPasswordSchema), async (c) => {
      await resetPassword(services, c.req.valid('json'))
      return c.body(null, 204)
    })
    .post(apiPaths.checkPassword(), jsonBody(checkPasswordSchema), (c) => {
      const { password, email } = c.req.valid('json')
      const errorCode = checkPassword(password, email)
      return sendJson(c, { validPassword: errorCode === null, errorCode })
    })
    .post(apiPaths.identityProviders(), jsonBody(identityProvidersSchema), async (c) =>
      sendJson(c, await findIdentityProvider(services, c.req.valid('json').email)),
    )
}
