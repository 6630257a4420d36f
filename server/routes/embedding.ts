import { Hono } from 'hono'
import {
  embeddedSessionBodySchema,
  embeddedSessionSchema,
  embeddingPaths,
  signingUrlBodySchema,
  signingUrlSchema,
} from '../../contract/embedding.ts'
import { created, unknownRequest } from '../../contract/openapi/operation.ts'
import type { Database } from '../db/open-database.ts'
import { createSigningUrl } from '../embedding/create-signing-url.ts'
import { openEmbeddedSession } from '../embedding/open-embedded-session.ts'
import { type AuthEnv, authenticate } from '../http/authenticate.ts'
import { describeRoute } from '../http/describe-route.ts'
import { jsonBody } from '../http/json-body.ts'
import { rateLimit } from '../http/rate-limit.ts'
import { sendJson } from '../http/send-json.ts'

/** What the embedded signing calls need. */
export type EmbeddingServices = {
  db: Database
  now: () => Date
  /** Production takes only `live_` API keys. */
  production: boolean
  /** Where the signing URLs point. */
  publicUrl: string
}

/**
 * Embedded signing (issue 41 §3): an API user asks for a short-lived signing URL of one direct-link signer, and
 * the embedded page that URL opens trades it for the signer's direct-sign session (20 tries a minute from one
 * address, as the token is the only secret).
 */
export function createEmbeddingRoutes(services: EmbeddingServices): Hono<AuthEnv> {
  const { db, now } = services
  return new Hono<AuthEnv>()
    .post(
      '/v3/signature-requests/:id/signing-url',
      authenticate(services),
      jsonBody(signingUrlBodySchema),
      describeRoute({
        summary: 'A signing URL of 5 minutes for one direct-link signer, to show in a frame',
        tag: 'Signature requests',
        auth: 'account',
        answers: [created(signingUrlSchema)],
        errors: {
          ...unknownRequest,
          400: ['embed.origin_invalid'],
          403: ['embed.api_user_only', 'api_user.read_only'],
          404: ['signature_request.not_found', 'embed.signer_not_found'],
          409: [
            'embed.not_direct_signer',
            'embed.no_origins',
            'signature_request.not_open',
            'signature_request.signer_not_open',
          ],
        },
      }),
      async (c) =>
        sendJson(
          c,
          await createSigningUrl(services, c.get('auth'), c.req.param('id'), c.req.valid('json')),
          201,
        ),
    )
    .post(
      embeddingPaths.embeddedSessions(),
      rateLimit({ db, name: 'embedded-sessions', limit: 20, windowMs: 60_000, now }),
      jsonBody(embeddedSessionBodySchema),
      describeRoute({
        summary: 'Open the direct-sign session of a signing URL, once',
        tag: 'Direct link',
        auth: 'none',
        answers: [created(embeddedSessionSchema)],
        errors: {
          404: ['embed.unknown_link'],
          410: ['embed.link_expired', 'embed.link_used'],
          429: ['request.rate_limited'],
        },
      }),
      async (c) => sendJson(c, await openEmbeddedSession(services, c.req.valid('json').token), 201),
    )
}
