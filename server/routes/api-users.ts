import { Hono } from 'hono'
import {
  accessLoginSchema,
  apiUserKeySchema,
  apiUserPaths,
  apiUserSchema,
  apiUsersSchema,
  createApiUserSchema,
  updateApiUserSchema,
} from '../../contract/api-users.ts'
import { adminOnly, created, noContent, ok } from '../../contract/openapi/operation.ts'
import { tokenAnswerSchema } from '../../contract/user.ts'
import { accessLogin } from '../api-users/access-login.ts'
import {
  createApiUser,
  deleteApiUser,
  listApiUsers,
  resetApiUserKey,
  updateApiUser,
} from '../api-users/api-users.ts'
import { requireBusinessAdmin } from '../businesses/require-business-role.ts'
import type { Database } from '../db/open-database.ts'
import { type AuthEnv, authenticate } from '../http/authenticate.ts'
import { describeRoute } from '../http/describe-route.ts'
import { jsonBody } from '../http/json-body.ts'
import { rateLimit } from '../http/rate-limit.ts'
import { sendJson } from '../http/send-json.ts'

/** What the API user calls need. */
export type ApiUserServices = {
  db: Database
  now: () => Date
  /** Production keys start with `live_`, the others with `demo_`. */
  production: boolean
}

const apis = '/v1/businesses/:id/apis'

/**
 * A business's API users (SPEC §7 Businesses apis), managed by its admins only, and the key sign-in of
 * API users (`POST /v2/access/login`, 20 tries a minute from one address).
 */
export function createApiUserRoutes({ db, now, production }: ApiUserServices): Hono<AuthEnv> {
  const requireAuth = authenticate({ db, now, production })
  const requireAdmin = requireBusinessAdmin(db)
  return new Hono<AuthEnv>()
    .post(
      apiUserPaths.accessLogin(),
      rateLimit({ db, name: 'access-login', limit: 20, windowMs: 60_000, now }),
      jsonBody(accessLoginSchema),
      describeRoute({
        summary: 'Trade an API user’s username and key for a token of 24 hours',
        tag: 'API users',
        auth: 'none',
        answers: [ok(tokenAnswerSchema)],
        errors: { 401: ['auth.invalid_credentials'], 429: ['request.rate_limited'] },
      }),
      async (c) => sendJson(c, await accessLogin(db, c, c.req.valid('json'), now(), production)),
    )
    .get(
      apis,
      requireAuth,
      requireAdmin,
      describeRoute({
        summary: 'List the business’s API users',
        tag: 'API users',
        auth: 'account',
        answers: [ok(apiUsersSchema)],
        errors: adminOnly,
      }),
      async (c) => {
        return sendJson(c, { apiUsers: await listApiUsers(db, c.req.param('id')) })
      },
    )
    .post(
      apis,
      requireAuth,
      requireAdmin,
      jsonBody(createApiUserSchema),
      describeRoute({
        summary: 'Create an API user; its key is in the answer, this once',
        tag: 'API users',
        auth: 'account',
        answers: [created(apiUserKeySchema)],
        errors: { ...adminOnly, 409: ['api_user.username_taken'] },
      }),
      async (c) => {
        const created = await createApiUser(db, c.req.param('id'), c.req.valid('json'), now(), production)
        return sendJson(c, created, 201)
      },
    )
    .put(
      `${apis}/:username`,
      requireAuth,
      requireAdmin,
      jsonBody(updateApiUserSchema),
      describeRoute({
        summary: 'Change an API user’s description or scope',
        tag: 'API users',
        auth: 'account',
        answers: [ok(apiUserSchema)],
        errors: { 403: ['business.not_allowed'], 404: ['business.not_found', 'api_user.not_found'] },
      }),
      async (c) => {
        const { id, username } = c.req.param()
        return sendJson(c, await updateApiUser(db, id, username, c.req.valid('json')))
      },
    )
    .delete(
      `${apis}/:username`,
      requireAuth,
      requireAdmin,
      describeRoute({
        summary: 'Remove an API user; its key stops working at once',
        tag: 'API users',
        auth: 'account',
        answers: [noContent],
        errors: { 403: ['business.not_allowed'], 404: ['business.not_found', 'api_user.not_found'] },
      }),
      async (c) => {
        await deleteApiUser(db, c.req.param('id'), c.req.param('username'), now())
        return c.body(null, 204)
      },
    )
    .put(
      `${apis}/:username/reset`,
      requireAuth,
      requireAdmin,
      describeRoute({
        summary: 'Issue a new key; the old one stops working at once',
        tag: 'API users',
        auth: 'account',
        answers: [ok(apiUserKeySchema)],
        errors: { 403: ['business.not_allowed'], 404: ['business.not_found', 'api_user.not_found'] },
      }),
      async (c) => {
        const { id, username } = c.req.param()
        return sendJson(c, await resetApiUserKey(db, id, username, now(), production))
      },
    )
}
