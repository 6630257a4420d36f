import { Readable } from 'node:stream'
import { type Context, Hono } from 'hono'
import {
  directUserSchema,
  tanCheckAnswerSchema,
  tanCheckSchema,
  tanResendSchema,
  updateDirectUserSchema,
} from '../../contract/direct.ts'
import { documentSchema } from '../../contract/documents.ts'
import { file, noContent, ok, unknownDocument, unknownRequest } from '../../contract/openapi/operation.ts'
import { unnamedSchemas } from '../../contract/openapi/unnamed-schemas.ts'
import {
  lockStatusSchema,
  requestMessageSchema,
  signatureRequestEventsSchema,
  signatureRequestSchema,
} from '../../contract/signature-requests.ts'
import { signAnswerSchema, signBodySchema } from '../../contract/signing.ts'
import { attributesCase } from '../../contract/user.ts'
import { authenticateDirect, type DirectEnv } from '../direct/authenticate-direct.ts'
import { findDirectDocument } from '../direct/find-direct-document.ts'
import { getDirectUser } from '../direct/get-direct-user.ts'
import { requestCallerOf } from '../direct/request-caller-of.ts'
import { resendTan } from '../direct/resend-tan.ts'
import { signDirect } from '../direct/sign-direct.ts'
import { updateDirectUser } from '../direct/update-direct-user.ts'
import { verifyTan } from '../direct/verify-tan.ts'
import { pageParams, sendPageImage, wantsSignedVersion } from '../documents/document-responses.ts'
import { getPageImage } from '../documents/get-page-image.ts'
import { getPageText } from '../documents/get-page-text.ts'
import { toDocumentInfo } from '../documents/to-document-info.ts'
import { ApiError } from '../http/api-error.ts'
import { describeRoute } from '../http/describe-route.ts'
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
    .get(
      requestBase,
      requireDirect,
      describeRoute({
        summary: 'Read the request of the link',
        tag: 'Direct link',
        auth: 'direct',
        answers: [ok(signatureRequestSchema)],
        errors: unknownRequest,
      }),
      async (c) => sendJson(c, await getSignatureRequest(services, caller(c), ownRequest(c))),
    )
    .get(
      `${requestBase}/events`,
      requireDirect,
      describeRoute({
        summary: 'Read the audit trail of the link’s request',
        tag: 'Direct link',
        auth: 'direct',
        answers: [ok(signatureRequestEventsSchema)],
        errors: unknownRequest,
      }),
      async (c) => sendJson(c, await listRequestEvents(services, caller(c), ownRequest(c))),
    )
    .get(
      `${requestBase}/zip`,
      requireDirect,
      describeRoute({
        summary: 'Download the documents as a ZIP',
        tag: 'Direct link',
        auth: 'direct',
        answers: [
          file('application/zip', 'The documents of the request, each in its latest signed version.'),
        ],
        errors: unknownRequest,
      }),
      async (c) => {
        const zip = await zipSignatureRequest(services, caller(c), ownRequest(c))
        return c.body(Readable.toWeb(Readable.from(zip.body)) as ReadableStream<Uint8Array>, 200, {
          'Content-Type': 'application/zip',
          'Content-Length': String(zip.length),
          'Content-Disposition': attachmentDisposition(zip.filename),
        })
      },
    )
    .get(
      `${requestBase}/lock-status`,
      requireDirect,
      describeRoute({
        summary: 'Whether a signing of the request is in progress',
        tag: 'Direct link',
        auth: 'direct',
        answers: [ok(lockStatusSchema)],
        errors: unknownRequest,
      }),
      async (c) => sendJson(c, await getLockStatus(services, caller(c), ownRequest(c))),
    )
    .post(
      `${requestBase}/decline`,
      requireDirect,
      jsonBody(requestMessageSchema),
      describeRoute({
        summary: 'Decline to sign',
        tag: 'Direct link',
        auth: 'direct',
        answers: [ok(signatureRequestSchema)],
        errors: {
          ...unknownRequest,
          409: [
            'signature_request.signer_not_open',
            'signature_request.not_your_turn',
            'signature_request.not_open',
            'signature_request.expired',
          ],
        },
      }),
      async (c) =>
        sendJson(
          c,
          await declineSignatureRequest(services, caller(c), ownRequest(c), c.req.valid('json').message),
        ),
    )
    .get(
      documentBase,
      requireDirect,
      describeRoute({
        summary: 'Read a document’s metadata',
        tag: 'Direct link',
        auth: 'direct',
        answers: [ok(documentSchema)],
        errors: unknownDocument,
      }),
      async (c) => {
        const { document } = await findDirectDocument(services.db, c.get('direct'), c.req.param('id'))
        return sendJson(c, toDocumentInfo(document))
      },
    )
    .get(
      `${documentBase}/download`,
      requireDirect,
      describeRoute({
        summary: 'Download a document, or its latest signed version',
        tag: 'Direct link',
        auth: 'direct',
        query: unnamedSchemas.downloadQuery,
        answers: [file('application/pdf', 'The PDF.')],
        errors: { 404: ['document.not_found', 'document.not_signed'] },
      }),
      async (c) => {
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
      },
    )
    .get(
      `${documentBase}/pages/:page`,
      requireDirect,
      describeRoute({
        summary: 'One page as an image',
        tag: 'Direct link',
        auth: 'direct',
        query: unnamedSchemas.pageQuery,
        answers: [
          file('image/webp', 'The page as a WebP image; cached for good (ETag).'),
          { status: 202, description: 'The page is still being rendered: ask again after Retry-After.' },
          { status: 304, description: 'Not modified since the ETag in If-None-Match.' },
        ],
        errors: { 404: ['document.not_found', 'document.page_not_found'], 422: ['document.too_complex'] },
      }),
      async (c) => {
        const { page, scale, version } = pageParams(c)
        // Only documents of the session's request: checked here, as the page lookup goes by address.
        const { document } = await findDirectDocument(services.db, c.get('direct'), c.req.param('id'))
        return sendPageImage(c, await getPageImage(services, caller(c), document.id, page, scale, version))
      },
    )
    .get(
      `${documentBase}/pages/:page/text`,
      requireDirect,
      describeRoute({
        summary: 'One page’s text in reading order',
        tag: 'Direct link',
        auth: 'direct',
        answers: [ok(unnamedSchemas.pageText)],
        errors: { 404: ['document.not_found', 'document.page_not_found'], 422: ['document.too_complex'] },
      }),
      async (c) => {
        const { page } = pageParams(c)
        const { document } = await findDirectDocument(services.db, c.get('direct'), c.req.param('id'))
        return sendJson(c, { text: await getPageText(services, caller(c), document.id, page) })
      },
    )
    .post(
      '/v3/direct/sign',
      requireDirect,
      jsonBody(signBodySchema),
      describeRoute({
        summary: 'Sign the link’s request (after a confirmed TAN)',
        description:
          'A `document_signatures` placement off its page, or over a field to fill of any signer, is 400 `request.invalid` naming it.',
        tag: 'Direct link',
        auth: 'direct',
        answers: [ok(signAnswerSchema)],
        errors: {
          409: ['signature_request.not_your_turn'],
          422: ['signing.document_unsignable'],
          503: ['server.unavailable'],
        },
      }),
      async (c) => sendJson(c, await signDirect(services, c.get('direct'), c.req.valid('json'))),
    )
    .post(
      '/v1/direct/tan/resend',
      requireDirect,
      jsonBody(tanResendSchema, { optional: true }),
      describeRoute({
        summary: 'Mail a new 6-digit TAN',
        tag: 'Direct link',
        auth: 'direct',
        answers: [noContent],
        errors: { 429: ['tan.resend_too_soon'] },
      }),
      async (c) => {
        await resendTan(services, c.get('direct'))
        return c.body(null, 204)
      },
    )
    .post(
      '/v1/direct/tan/check',
      requireDirect,
      jsonBody(tanCheckSchema),
      describeRoute({
        summary: 'Check the mailed TAN',
        tag: 'Direct link',
        auth: 'direct',
        answers: [ok(tanCheckAnswerSchema)],
        errors: { 410: ['tan.expired'], 422: ['tan.invalid'], 423: ['tan.locked'] },
      }),
      async (c) => {
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
      },
    )
    .get(
      '/v1/direct/user',
      requireDirect,
      describeRoute({
        summary: 'The direct-link signer',
        tag: 'Direct link',
        auth: 'direct',
        answers: [{ status: 200, json: directUserSchema, caseOptions: attributesCase }],
      }),
      async (c) => sendJson(c, await getDirectUser(services.db, c.get('direct')), 200, attributesCase),
    )
    .put(
      '/v1/direct/user',
      requireDirect,
      jsonBody(updateDirectUserSchema, attributesCase),
      describeRoute({
        summary: 'Set the signer’s attributes',
        tag: 'Direct link',
        auth: 'direct',
        answers: [{ status: 200, json: directUserSchema, caseOptions: attributesCase }],
      }),
      async (c) =>
        sendJson(
          c,
          await updateDirectUser(services.db, c.get('direct'), c.req.valid('json')),
          200,
          attributesCase,
        ),
    )
}
