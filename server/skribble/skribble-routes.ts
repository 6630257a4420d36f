import { type Context, Hono } from 'hono'
import * as v from 'valibot'
import { accessLogin } from '../api-users/access-login.ts'
import type { Database } from '../db/open-database.ts'
import type { AuthEnv } from '../http/authenticate.ts'
import { rateLimit } from '../http/rate-limit.ts'
import { sendJson } from '../http/send-json.ts'
import { readSkribbleBody } from './skribble-body.ts'

/** What the compatibility layer needs: the services of the /api/v3 routes it translates onto. */
export type SkribbleServices = { db: Database; now: () => Date; production: boolean }

/** Where Skribble's sign descriptions are served, under /api. */
const signBases = ['/skribble/v2', '/skribble/v3'] as const
const validationBase = '/skribble/validation/v1'

const username = v.pipe(v.string(), v.minLength(1), v.maxLength(60))
const apiKey = v.pipe(v.string(), v.minLength(1), v.maxLength(200))
/** Sign v2 and v3 log in with `api-key`, JSON or form-encoded; validation v1 with `apikey`, JSON. */
const signLoginSchema = v.object({ username, 'api-key': apiKey })
const validationLoginSchema = v.object({ username, apikey: apiKey })

/**
 * Skribble's public API (api/skribble/: sign v2, sign v3, validation v1) for a business's API users, as a layer
 * that only translates each operation onto the module function the matching /api/v3 route calls. Skribble's
 * operation, then what it calls:
 *
 * - `POST /access/login`: `accessLogin` of server/api-users (sign: the token as text/plain; validation: as
 *   `accesstoken` in JSON).
 */
export function createSkribbleRoutes(services: SkribbleServices): Hono<AuthEnv> {
  const { db, now, production } = services
  const routes = new Hono<AuthEnv>()
  const loginLimit = rateLimit({ db, name: 'access-login', limit: 20, windowMs: 60_000, now })
  const login = (c: Context, credentials: { username: string; apiKey: string }) =>
    accessLogin(db, c, credentials, now(), production)
  for (const base of signBases) {
    routes.post(`${base}/access/login`, loginLimit, async (c) => {
      const body = await readSkribbleBody(c, signLoginSchema, { form: true })
      return c.text((await login(c, { username: body.username, apiKey: body['api-key'] })).token)
    })
  }
  routes.post(`${validationBase}/access/login`, loginLimit, async (c) => {
    const body = await readSkribbleBody(c, validationLoginSchema)
    const { token } = await login(c, { username: body.username, apiKey: body.apikey })
    return sendJson(c, { accesstoken: token })
  })
  return routes
}
