import { Hono } from 'hono'
import * as v from 'valibot'
import {
  createSignatureRequestSchema,
  requestMessageSchema,
  signatureRequestListQuerySchema,
} from '../../contract/signature-requests.ts'
import { ApiError } from '../http/api-error.ts'
import { type AuthEnv, authenticate } from '../http/authenticate.ts'
import { jsonBody } from '../http/json-body.ts'
import { sendJson } from '../http/send-json.ts'
import { addRequestDocument } from '../signature-requests/add-request-document.ts'
import { callerOf } from '../signature-requests/caller-of.ts'
import { createSignatureRequest } from '../signature-requests/create-signature-request.ts'
import { declineSignatureRequest } from '../signature-requests/decline-signature-request.ts'
import { getSignatureRequest } from '../signature-requests/get-signature-request.ts'
import { initiateSignatureRequest } from '../signature-requests/initiate-signature-request.ts'
import { listRequestEvents } from '../signature-requests/list-request-events.ts'
import { listSignatureRequests } from '../signature-requests/list-signature-requests.ts'
import { RemindTooSoon, remindSigners } from '../signature-requests/remind-signers.ts'
import type { RequestServices } from '../signature-requests/request-services.ts'
import { withdrawSignatureRequest } from '../signature-requests/withdraw-signature-request.ts'

const base = '/v3/signature-requests'

/**
 * SPEC §7 Signature requests: create, upload into, send, list, read, withdraw, decline and remind. Every
 * call needs a session; a request the caller neither owns nor signs is 404 on every call.
 */
export function createSignatureRequestRoutes(services: RequestServices): Hono<AuthEnv> {
  const requireAuth = authenticate(services.db, services.now)
  const caller = (c: Parameters<typeof callerOf>[0]) => callerOf(c, services.db)
  return new Hono<AuthEnv>()
    .get(base, requireAuth, async (c) => {
      const query = v.safeParse(signatureRequestListQuerySchema, c.req.query())
      if (!query.success) {
        const field = String(query.issues[0].path?.[0]?.key ?? '')
        throw new ApiError(400, 'request.invalid', `${field}: ${query.issues[0].message}`, { field })
      }
      return sendJson(c, await listSignatureRequests(services, await caller(c), query.output))
    })
    .post(base, requireAuth, jsonBody(createSignatureRequestSchema), async (c) =>
      sendJson(c, await createSignatureRequest(services, await caller(c), c.req.valid('json')), 201),
    )
    .get(`${base}/:id`, requireAuth, async (c) =>
      sendJson(c, await getSignatureRequest(services, await caller(c), c.req.param('id'))),
    )
    .post(`${base}/:id/documents`, requireAuth, async (c) =>
      sendJson(c, await addRequestDocument(services, await caller(c), c.req.param('id'), c.req.raw), 201),
    )
    .post(`${base}/:id/initiate`, requireAuth, async (c) =>
      sendJson(c, await initiateSignatureRequest(services, await caller(c), c.req.param('id'))),
    )
    .get(`${base}/:id/events`, requireAuth, async (c) =>
      sendJson(c, await listRequestEvents(services, await caller(c), c.req.param('id'))),
    )
    .post(`${base}/:id/withdraw`, requireAuth, jsonBody(requestMessageSchema), async (c) =>
      sendJson(
        c,
        await withdrawSignatureRequest(
          services,
          await caller(c),
          c.req.param('id'),
          c.req.valid('json').message,
        ),
      ),
    )
    .post(`${base}/:id/decline`, requireAuth, jsonBody(requestMessageSchema), async (c) =>
      sendJson(
        c,
        await declineSignatureRequest(
          services,
          await caller(c),
          c.req.param('id'),
          c.req.valid('json').message,
        ),
      ),
    )
    .post(`${base}/:id/remind`, requireAuth, async (c) => {
      try {
        return sendJson(c, await remindSigners(services, await caller(c), c.req.param('id')))
      } catch (error) {
        if (error instanceof RemindTooSoon) c.header('Retry-After', String(error.retryAfterSeconds))
        throw error
      }
    })
}
