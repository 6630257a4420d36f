import { Hono } from 'hono'
import { ok, unknownRequest } from '../../contract/openapi/operation.ts'
import { apiPaths } from '../../contract/paths.ts'
import {
  signAnswerSchema,
  signatureQualitiesDetailSchema,
  signatureQualitiesQuerySchema,
  signBodySchema,
} from '../../contract/signing.ts'
import { isVouchedOnRequest } from '../businesses/aes4biz.ts'
import { type ApiKeyMode, type AuthEnv, authenticate } from '../http/authenticate.ts'
import { describeRoute } from '../http/describe-route.ts'
import { jsonBody } from '../http/json-body.ts'
import { queryParams } from '../http/query-params.ts'
import { sendJson } from '../http/send-json.ts'
import { callerOf } from '../signature-requests/caller-of.ts'
import { getSignatureQualities } from '../signing/get-signature-qualities.ts'
import { signRequests } from '../signing/sign-requests.ts'
import type { SigningServices } from '../signing/signing-services.ts'

/** SPEC §7 Signing: the signed-in user signs requests, and asks which qualities they may sign with. */
export function createSigningRoutes(services: SigningServices & ApiKeyMode): Hono<AuthEnv> {
  const requireAuth = authenticate(services)
  return new Hono<AuthEnv>()
    .post(
      apiPaths.sign(),
      requireAuth,
      jsonBody(signBodySchema),
      describeRoute({
        summary: 'Sign requests, or seal them with a seal of the business',
        description:
          'Each listed request gets its own result (`complete`, `exhausted`, ...), in the order listed. With `seal_account_name` the caller seals instead of signing in their own name. A `document_signatures` placement off its page, or over a field to fill of any signer, is 400 `request.invalid` naming it.',
        tag: 'Signing',
        auth: 'account',
        answers: [ok(signAnswerSchema)],
        errors: {
          403: ['seal.not_allowed'],
          404: ['seal.not_found'],
          409: ['signature_request.not_your_turn'],
          422: ['signing.document_unsignable'],
          503: ['server.unavailable'],
        },
      }),
      async (c) => {
        const caller = callerOf(c)
        return sendJson(c, await signRequests(services, { kind: 'account', caller }, c.req.valid('json')))
      },
    )
    .get(
      apiPaths.signatureQualitiesDetail(),
      requireAuth,
      describeRoute({
        summary: 'The qualities the caller may sign with (with signature_request_id: on that request)',
        tag: 'Signing',
        auth: 'account',
        answers: [ok(signatureQualitiesDetailSchema)],
        errors: unknownRequest,
      }),
      queryParams(signatureQualitiesQuerySchema),
      async (c) => {
        const requestId = c.req.valid('query').signature_request_id
        const vouched =
          requestId !== undefined && (await isVouchedOnRequest(services.db, callerOf(c), requestId))
        return sendJson(
          c,
          await getSignatureQualities(
            services.db,
            c.get('auth').userId,
            services.qualifiedSigning === 'demo',
            vouched,
          ),
        )
      },
    )
}
