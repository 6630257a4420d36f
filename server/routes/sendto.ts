import { Hono } from 'hono'
import { claimSendto } from '../direct/claim-sendto.ts'
import { getSendto } from '../direct/get-sendto.ts'
import { type ApiKeyMode, type AuthEnv, authenticate } from '../http/authenticate.ts'
import { sendJson } from '../http/send-json.ts'
import { callerOf } from '../signature-requests/caller-of.ts'
import type { RequestServices } from '../signature-requests/request-services.ts'

const base = '/v3/sendto/:id'

/**
 * SPEC §7 sendto: a signed-in user who holds a direct link (`id` its signature id, `token` its secret) sees
 * what it is for and claims it into their account.
 */
export function createSendtoRoutes(services: RequestServices & ApiKeyMode): Hono<AuthEnv> {
  const requireAuth = authenticate(services)
  return new Hono<AuthEnv>()
    .get(`${base}/get-internal`, requireAuth, async (c) =>
      sendJson(c, await getSendto(services, c.req.param('id'), c.req.query('token'))),
    )
    .post(`${base}/claim`, requireAuth, async (c) =>
      sendJson(c, await claimSendto(services, callerOf(c), c.req.param('id'), c.req.query('token'))),
    )
}
