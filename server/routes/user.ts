import { Hono } from 'hono'
import * as v from 'valibot'
import { noContent, ok } from '../../contract/openapi/operation.ts'
import { unnamedSchemas } from '../../contract/openapi/unnamed-schemas.ts'
import { apiPaths } from '../../contract/paths.ts'
import {
  acceptSchema,
  attributesCase,
  changePasswordSchema,
  deleteUserSchema,
  emailAutocompleteAnswerSchema,
  updateUserSchema,
  userSchema,
} from '../../contract/user.ts'
import { acceptTerms } from '../accounts/accept-terms.ts'
import type { AccountServices } from '../accounts/account-services.ts'
import { autocompleteEmails } from '../accounts/autocomplete-emails.ts'
import { changePassword } from '../accounts/change-password.ts'
import { deleteUser } from '../accounts/delete-user.ts'
import { getUser } from '../accounts/get-user.ts'
import { signOut } from '../accounts/sign-out.ts'
import { updateUser } from '../accounts/update-user.ts'
import { ApiError } from '../http/api-error.ts'
import { type ApiKeyMode, type AuthEnv, authenticate } from '../http/authenticate.ts'
import { describeRoute } from '../http/describe-route.ts'
import { jsonBody } from '../http/json-body.ts'
import { sendJson } from '../http/send-json.ts'

const autocompleteInput = v.optional(v.pipe(v.string(), v.maxLength(254)), '')

/** The signed-in user's calls (SPEC §7 User); each acts on the caller's own account only. */
export function createUserRoutes(services: AccountServices & ApiKeyMode): Hono<AuthEnv> {
  const requireAuth = authenticate(services)
  return new Hono<AuthEnv>()
    .get(
      apiPaths.user(),
      requireAuth,
      describeRoute({
        summary: 'The signed-in user',
        tag: 'Accounts',
        auth: 'account',
        answers: [{ status: 200, json: userSchema, caseOptions: attributesCase }],
      }),
      async (c) =>
        sendJson(
          c,
          await getUser(services.db, c.get('auth').userId, services.demoQualifiedSigning),
          200,
          attributesCase,
        ),
    )
    .put(
      apiPaths.user(),
      requireAuth,
      jsonBody(updateUserSchema, attributesCase),
      describeRoute({
        summary: 'Change one’s names and attributes',
        tag: 'Accounts',
        auth: 'account',
        answers: [{ status: 200, json: userSchema, caseOptions: attributesCase }],
        errors: { 403: ['user.attribute_read_only'] },
      }),
      async (c) =>
        sendJson(
          c,
          await updateUser(services, c.get('auth').userId, c.req.valid('json')),
          200,
          attributesCase,
        ),
    )
    .post(
      apiPaths.logout(),
      requireAuth,
      describeRoute({
        summary: 'End the session of the token',
        tag: 'Accounts',
        auth: 'account',
        answers: [noContent],
      }),
      async (c) => {
        const { sessionId } = c.get('auth')
        // An API key itself has no session to end; a token traded for it does.
        if (sessionId !== null) await signOut(services, sessionId)
        return c.body(null, 204)
      },
    )
    .post(
      apiPaths.changePassword(),
      requireAuth,
      jsonBody(changePasswordSchema),
      describeRoute({
        summary: 'Change one’s password',
        tag: 'Accounts',
        auth: 'account',
        answers: [noContent],
        errors: {
          400: [
            'password.too_short',
            'password.too_long',
            'password.needs_letter',
            'password.needs_digit',
            'password.contains_email',
            'password.too_common',
          ],
          403: ['auth.wrong_password'],
        },
      }),
      async (c) => {
        await changePassword(services, c.get('auth'), c.req.valid('json'))
        return c.body(null, 204)
      },
    )
    .post(
      apiPaths.deleteUser(),
      requireAuth,
      jsonBody(deleteUserSchema),
      describeRoute({
        summary: 'Delete one’s account',
        tag: 'Accounts',
        auth: 'account',
        answers: [noContent],
        errors: { 403: ['auth.wrong_password'] },
      }),
      async (c) => {
        await deleteUser(services, c.get('auth').userId, c.req.valid('json').password)
        return c.body(null, 204)
      },
    )
    .post(
      apiPaths.accept(),
      requireAuth,
      jsonBody(acceptSchema),
      describeRoute({
        summary: 'Accept the general terms, a business invitation or a provider’s terms',
        tag: 'Accounts',
        auth: 'account',
        answers: [{ status: 200, json: userSchema, caseOptions: attributesCase }],
      }),
      async (c) =>
        sendJson(
          c,
          await acceptTerms(services, c.get('auth').userId, c.req.valid('json')),
          200,
          attributesCase,
        ),
    )
    .get(
      apiPaths.emailAutocomplete(),
      requireAuth,
      describeRoute({
        summary: 'Addresses the user has worked with',
        tag: 'Accounts',
        auth: 'account',
        query: unnamedSchemas.autocompleteQuery,
        answers: [ok(emailAutocompleteAnswerSchema)],
      }),
      async (c) => {
        const input = v.safeParse(autocompleteInput, c.req.query('input'))
        if (!input.success) {
          throw new ApiError(400, 'request.invalid', `input: ${input.issues[0].message}`, { field: 'input' })
        }
        return sendJson(c, await autocompleteEmails(services, c.get('auth').userId, input.output))
      },
    )
}
