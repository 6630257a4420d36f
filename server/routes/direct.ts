import { Readable } from 'node:stream'
import { type Context, Hono, type MiddlewareHandler } from 'hono'
import { tanCheckSchema, tanResendSchema, updateDirectUserSchema } from '../../contract/direct.ts'
import { requestMessageSchema } from '../../contract/signature-requests.ts'
import { signBodySchema } from '../../contract/signing.ts'
import { attributesCase } from '../../contract/user.ts'
import { authenticateDirect, type DirectEnv } from '../direct/authenticate-direct.ts'
import { findDirectDocument } from '../direct/find-direct-document.ts'
import { getDirectUser } from '../direct/get-direct-user.ts'
import { requestCallerOf } from '../direct/request-caller-of.ts'
import { resendTan, TanResendTooSoon } from '../direct/resend-tan.ts'
import { signDirect } from '../direct/sign-direct.ts'
import { updateDirectUser } from '../direct/update-direct-user.ts'
import { verifyTan } from '../direct/verify-tan.ts'
import { pageParams, sendPageImage, wantsSignedVersion } from '../documents/document-responses.ts'
import { getPageImage } from '../documents/get-page-image.ts'
import { getPageText } from '../documents/get-page-text.ts'
import { toDocumentInfo } from '../documents/to-document-info.ts'
import { ApiError } from '../http/api-error.ts'
import { jsonBody } from '../http/json-body.ts'
import { sendJson } from '../http/send-json.ts'
import { declineSignatureRequest } from '../signature-requests/decline-signature-request.ts'
import { requestNotFound } from '../signature-requests/find-request.ts'
import { documentNotSigned } from '../signature-requests/find-signed-version.ts'
import { getLockStatus } from '../signature-requests/get-lock-status.ts'
import { getSignatureRequest } from '../signature-requests/get-signature-request.ts'
import { listRequestEvents } from '../signature-requests/list-request-events.ts'
import { safeFileName } from '../signature-requests/safe-file-name.ts'
import { attachmentDisposition, sendStoredFile } from '../signature-requests/send-stored-file.ts'
import { zipSignatureRequest } from '../signature-requests/zip-signature-request.ts'
import type { SigningServices } from '../signing/signing-services.ts'
import { documentKey } from '../storage/storage-keys.ts'

const requestBase = '/v3/direct/signature-requests/:id'
const documentBase = '/v3/direct/documents/:id'

/**
 * SPEC §7 direct versions: the calls of a direct-link signer (role nas), each behind the direct-sign session
 * of {@link authenticateDirect}, each bound to the session's one request and its documents (any other id is
 * 404). A signer who signed or declined already still reads; the machine refuses them anything else.
 */
export function createDirectRoutes(services: SigningServices): Hono<DirectEnv> {
  const requireDirect = authenticateDirect(services.db)
  /** The session's request id, when the path names it; another request's id is 404. */
  const ownRequest = (c: Context<DirectEnv>) => {
    const direct = c.get('direct')
    if (c.req.param('id')?.toLowerCase() !== direct.requestId) throw requestNotFound()
    return direct.requestId
  }
  const caller = (c: Context<DirectEnv>) => requestCallerOf(c.get('direct'))
  return new Hono<DirectEnv>()
    .get(requestBase, requireDirect, async (c) =>
      sendJson(c, await getSignatureRequest(services, caller(c), ownRequest(c))),
    )
    .get(`${requestBase}/events`, requireDirect, async (c) =>
      sendJson(c, await listRequestEvents(services, caller(c), ownRequest(c))),
    )
    .get(`${requestBase}/zip`, requireDirect, async (c) => {
      const zip = await zipSignatureRequest(services, caller(c), ownRequest(c))
      return c.body(Readable.toWeb(Readable.from(zip.body)) as ReadableStream<Uint8Array>, 200, {
        'Content-Type': 'application/zip',
        'Content-Length': String(zip.length),
        'Content-Disposition': attachmentDisposition(zip.filename),
      })
    })
    .get(`${requestBase}/lock-status`, requireDirect, async (c) =>
      sendJson(c, await getLockStatus(services, caller(c), ownRequest(c))),
    )
    .post(`${requestBase}/decline`, requireDirect, jsonBody(requestMessageSchema), async (c) =>
      sendJson(
        c,
        await declineSignatureRequest(services, caller(c), ownRequest(c), c.req.valid('json').message),
      ),
    )
    .get(documentBase, requireDirect, async (c) => {
      const { document } = await findDirectDocument(services.db, c.get('direct'), c.req.param('id'))
      return sendJson(c, toDocumentInfo(document))
    })
    .get(`${documentBase}/download`, requireDirect, async (c) => {
      const signed = wantsSignedVersion(c)
      const found = await findDirectDocument(services.db, c.get('direct'), c.req.param('id'))
      const { document } = found
      let version = { sha256: document.sha256, size: document.size }
      if (signed) {
        if (found.signedSha256 === null || found.signedSize === null) throw documentNotSigned()
        version = { sha256: found.signedSha256, size: found.signedSize }
      }
      return sendStoredFile(c, services.storage, documentKey(version.sha256), {
        contentType: 'application/pdf',
        size: version.size,
        filename: `${safeFileName(document.title, 'document')}.pdf`,
      })
    })
    .get(`${documentBase}/pages/:page`, requireDirect, async (c) => {
      const { page, scale, version } = pageParams(c)
      // Only documents of the session's request: checked here, as the page lookup goes by address.
      const { document } = await findDirectDocument(services.db, c.get('direct'), c.req.param('id'))
      return sendPageImage(c, await getPageImage(services, caller(c), document.id, page, scale, version))
    })
    .get(`${documentBase}/pages/:page/text`, requireDirect, async (c) => {
      const { page } = pageParams(c)
      const { document } = await findDirectDocument(services.db, c.get('direct'), c.req.param('id'))
      return sendJson(c, { text: await getPageText(services, caller(c), document.id, page) })
    })
    .post('/v3/direct/sign', requireDirect, jsonBody(signBodySchema), async (c) =>
      sendJson(c, await signDirect(services, c.get('direct'), c.req.valid('json'))),
    )
    .post('/v1/direct/tan/resend', requireDirect, optionalBody(jsonBody(tanResendSchema)), async (c) => {
      try {
        await resendTan(services, c.get('direct'))
      } catch (error) {
        if (error instanceof TanResendTooSoon) c.header('Retry-After', String(error.retryAfterSeconds))
        throw error
      }
      return c.body(null, 204)
    })
    .post('/v1/direct/tan/check', requireDirect, jsonBody(tanCheckSchema), async (c) => {
      const { verdict, triesLeft } = await verifyTan(
        services,
        c.get('direct').signatureId,
        c.req.valid('json').tan,
      )
      if (verdict === 'locked')
        throw new ApiError(423, 'tan.locked', 'Too many wrong TANs: ask for a new one')
      if (verdict === 'expired')
        throw new ApiError(410, 'tan.expired', 'This TAN has expired: ask for a new one')
      if (verdict === 'invalid')
        throw new ApiError(422, 'tan.invalid', `This TAN is not right: ${triesLeft} tries left`, {
          field: 'tan',
        })
      return sendJson(c, { valid: true })
    })
    .get('/v1/direct/user', requireDirect, async (c) =>
      sendJson(c, await getDirectUser(services.db, c.get('direct')), 200, attributesCase),
    )
    .put('/v1/direct/user', requireDirect, jsonBody(updateDirectUserSchema, attributesCase), async (c) =>
      sendJson(
        c,
        await updateDirectUser(services.db, c.get('direct'), c.req.valid('json')),
        200,
        attributesCase,
      ),
    )
}

/**
 * Lets a call without a body through (the resend body is optional); a call with one goes through `validate`.
 * The body is accepted for SPEC's sake but not used.
 */
function optionalBody(validate: MiddlewareHandler): MiddlewareHandler<DirectEnv> {
  return async (c, next) => {
    if ((await c.req.text()) === '') return next()
    return validate(c, next)
  }
}
