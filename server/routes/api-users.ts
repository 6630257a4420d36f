import { Hono } from 'hono'
import {
  accessLoginSchema,
  apiUserPaths,
  createApiUserSchema,
  updateApiUserSchema,
} from '../../contract/api-users.ts'
import { accessLogin } from '../api-users/access-login.ts'
import {
  createApiUser,
  deleteApiUser,
  listApiUsers,
  resetApiUserKey,
  updateApiUser,
} from '../api-users/api-users.ts'
import { requireBusinessRole } from '../businesses/require-business-role.ts'
import type { Database } from '../db/open-database.ts'
import { type AuthEnv, authenticate } from '../http/authenticate.ts'
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
  const admin = (userId: string, businessId: string) => requireBusinessRole(db, userId, businessId, 'admin')
  return new Hono<AuthEnv>()
    .post(
      apiUserPaths.accessLogin(),
      rateLimit({ db, name: 'access-login', limit: 20, windowMs: 60_000, now }),
      jsonBody(accessLoginSchema),
      async (c) => sendJson(c, await accessLogin(db, c, c.req.valid('json'), now(), production)),
    )
    .get(apis, requireAuth, async (c) => {
      await admin(c.get('auth').userId, c.req.param('id'))
      return sendJson(c, { apiUsers: await listApiUsers(db, c.req.param('id')) })
    })
    .post(apis, requireAuth, jsonBody(createApiUserSchema), async (c) => {
      await admin(c.get('auth').userId, c.req.param('id'))
      const created = await createApiUser(db, c.req.param('id'), c.req.valid('json'), now(), production)
      return sendJson(c, created, 201)
    })
    .put(`${apis}/:username`, requireAuth, jsonBody(updateApiUserSchema), async (c) => {
      await admin(c.get('auth').userId, c.req.param('id'))
      const { id, username } = c.req.param()
      return sendJson(c, await updateApiUser(db, id, username, c.req.valid('json')))
    })
    .delete(`${apis}/:username`, requireAuth, async (c) => {
      await admin(c.get('auth').userId, c.req.param('id'))
      await deleteApiUser(db, c.req.param('id'), c.req.param('username'), now())
      return c.body(null, 204)
    })
    .put(`${apis}/:username/reset`, requireAuth, async (c) => {
      await admin(c.get('auth').userId, c.req.param('id'))
      const { id, username } = c.req.param()
      return sendJson(c, await resetApiUserKey(db, id, username, now(), production))
    })
}
