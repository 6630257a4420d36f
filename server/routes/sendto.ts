import { Hono } from 'hono'
import { sendtoSummarySchema } from '../../contract/direct.ts'
import { ok, unknownRequest } from '../../contract/openapi/operation.ts'
import { unnamedSchemas } from '../../contract/openapi/unnamed-schemas.ts'
import { signatureRequestSchema } from '../../contract/signature-requests.ts'
import { claimSendto } from '../direct/claim-sendto.ts'
import { getSendto } from '../direct/get-sendto.ts'
import { type ApiKeyMode, type AuthEnv, authenticate } from '../http/authenticate.ts'
import { describeRoute } from '../http/describe-route.ts'
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
    .get(
      `${base}/get-internal`,
      requireAuth,
      describeRoute({
        summary: 'What a direct link is for, before claiming it',
        tag: 'Signature requests',
        auth: 'account',
        query: unnamedSchemas.sendtoQuery,
        answers: [ok(sendtoSummarySchema)],
        errors: unknownRequest,
      }),
      async (c) => sendJson(c, await getSendto(services, c.req.param('id'), c.req.query('token'))),
    )
    .post(
      `${base}/claim`,
      requireAuth,
      describeRoute({
        summary: 'Claim a direct link into one’s account',
        tag: 'Signature requests',
        auth: 'account',
        query: unnamedSchemas.sendtoQuery,
        answers: [ok(signatureRequestSchema)],
        errors: {
          ...unknownRequest,
          409: [
            'signature_request.not_open',
            'signature_request.expired',
            'signature_request.signer_not_open',
            'signature_request.already_a_signer',
          ],
        },
      }),
      async (c) =>
        sendJson(c, await claimSendto(services, callerOf(c), c.req.param('id'), c.req.query('token'))),
    )
}
