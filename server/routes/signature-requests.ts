import { Readable } from 'node:stream'
import { Hono } from 'hono'
import { placeSignatureFieldsSchema } from '../../contract/signature-fields.ts'
import {
  createSignatureRequestSchema,
  delegateSignatureRequestSchema,
  removeDocumentsQuerySchema,
  removeSignerQuerySchema,
  reportQuerySchema,
  requestMessageSchema,
  signatureRequestListQuerySchema,
  signerInviteSchema,
  updateSignatureRequestSchema,
} from '../../contract/signature-requests.ts'
import { type ApiKeyMode, type AuthEnv, authenticate } from '../http/authenticate.ts'
import { jsonBody } from '../http/json-body.ts'
import { parseQuery } from '../http/parse-query.ts'
import { sendJson } from '../http/send-json.ts'
import { pickMailLocale } from '../mail/mail-locale.ts'
import { addAttachment } from '../signature-requests/add-attachment.ts'
import { addRequestDocument } from '../signature-requests/add-request-document.ts'
import { addSigner } from '../signature-requests/add-signer.ts'
import { callerOf } from '../signature-requests/caller-of.ts'
import { createSignatureRequest } from '../signature-requests/create-signature-request.ts'
import { declineSignatureRequest } from '../signature-requests/decline-signature-request.ts'
import { delegateSignature } from '../signature-requests/delegate-signature.ts'
import { deleteSignatureRequest } from '../signature-requests/delete-signature-request.ts'
import { findAttachment } from '../signature-requests/find-attachment.ts'
import { getLockStatus } from '../signature-requests/get-lock-status.ts'
import { getRequestReport } from '../signature-requests/get-request-report.ts'
import { getSignatureRequest } from '../signature-requests/get-signature-request.ts'
import { initiateSignatureRequest } from '../signature-requests/initiate-signature-request.ts'
import { listRequestEvents } from '../signature-requests/list-request-events.ts'
import { listSignatureRequests } from '../signature-requests/list-signature-requests.ts'
import { placeSignatureFields } from '../signature-requests/place-signature-fields.ts'
import { RemindTooSoon, remindSigners } from '../signature-requests/remind-signers.ts'
import { removeAttachment } from '../signature-requests/remove-attachment.ts'
import { removeRequestDocuments } from '../signature-requests/remove-request-documents.ts'
import { removeSigner } from '../signature-requests/remove-signer.ts'
import { requestReportPdf } from '../signature-requests/request-report-pdf.ts'
import type { RequestServices } from '../signature-requests/request-services.ts'
import { safeFileName } from '../signature-requests/safe-file-name.ts'
import { attachmentDisposition, sendStoredFile } from '../signature-requests/send-stored-file.ts'
import { updateSignatureRequest } from '../signature-requests/update-signature-request.ts'
import { withdrawSignatureRequest } from '../signature-requests/withdraw-signature-request.ts'
import { zipSignatureRequest } from '../signature-requests/zip-signature-request.ts'
import { documentKey } from '../storage/storage-keys.ts'

const base = '/v3/signature-requests'

/**
 * SPEC §7 Signature requests: create, upload into, edit, send, list, read, withdraw, decline, remind,
 * delegate, change signers and documents, attach files, download (ZIP, report) and delete. Every call
 * needs a session; a request the caller neither owns nor signs is 404 on every call.
 */
export function createSignatureRequestRoutes(services: RequestServices & ApiKeyMode): Hono<AuthEnv> {
  const requireAuth = authenticate(services)
  return new Hono<AuthEnv>()
    .get(base, requireAuth, async (c) =>
      sendJson(
        c,
        await listSignatureRequests(
          services,
          callerOf(c),
          parseQuery(signatureRequestListQuerySchema, c.req.query()),
        ),
      ),
    )
    .post(base, requireAuth, jsonBody(createSignatureRequestSchema), async (c) =>
      sendJson(c, await createSignatureRequest(services, callerOf(c), c.req.valid('json')), 201),
    )
    .get(`${base}/:id`, requireAuth, async (c) =>
      sendJson(c, await getSignatureRequest(services, callerOf(c), c.req.param('id'))),
    )
    .put(`${base}/:id`, requireAuth, jsonBody(updateSignatureRequestSchema), async (c) =>
      sendJson(
        c,
        await updateSignatureRequest(services, callerOf(c), c.req.param('id'), c.req.valid('json')),
      ),
    )
    .delete(`${base}/:id`, requireAuth, async (c) => {
      await deleteSignatureRequest(services, callerOf(c), c.req.param('id'))
      return c.body(null, 204)
    })
    .post(`${base}/:id/documents`, requireAuth, async (c) =>
      sendJson(c, await addRequestDocument(services, callerOf(c), c.req.param('id'), c.req.raw), 201),
    )
    .delete(`${base}/:id/documents`, requireAuth, async (c) => {
      const { document_ids } = parseQuery(removeDocumentsQuerySchema, c.req.query())
      return sendJson(c, await removeRequestDocuments(services, callerOf(c), c.req.param('id'), document_ids))
    })
    .post(`${base}/:id/initiate`, requireAuth, async (c) =>
      sendJson(c, await initiateSignatureRequest(services, callerOf(c), c.req.param('id'))),
    )
    .get(`${base}/:id/events`, requireAuth, async (c) =>
      sendJson(c, await listRequestEvents(services, callerOf(c), c.req.param('id'))),
    )
    .post(`${base}/:id/withdraw`, requireAuth, jsonBody(requestMessageSchema), async (c) =>
      sendJson(
        c,
        await withdrawSignatureRequest(services, callerOf(c), c.req.param('id'), c.req.valid('json').message),
      ),
    )
    .post(`${base}/:id/decline`, requireAuth, jsonBody(requestMessageSchema), async (c) =>
      sendJson(
        c,
        await declineSignatureRequest(services, callerOf(c), c.req.param('id'), c.req.valid('json').message),
      ),
    )
    .post(`${base}/:id/remind`, requireAuth, async (c) => {
      try {
        return sendJson(c, await remindSigners(services, callerOf(c), c.req.param('id')))
      } catch (error) {
        if (error instanceof RemindTooSoon) c.header('Retry-After', String(error.retryAfterSeconds))
        throw error
      }
    })
    .post(`${base}/:id/delegate`, requireAuth, jsonBody(delegateSignatureRequestSchema), async (c) => {
      await delegateSignature(services, callerOf(c), c.req.param('id'), c.req.valid('json'))
      return c.body(null, 204)
    })
    .post(`${base}/:id/signatures`, requireAuth, jsonBody(signerInviteSchema), async (c) =>
      sendJson(c, await addSigner(services, callerOf(c), c.req.param('id'), c.req.valid('json')), 201),
    )
    .put(
      `${base}/:id/signatures/:signatureId`,
      requireAuth,
      jsonBody(placeSignatureFieldsSchema),
      async (c) =>
        sendJson(
          c,
          await placeSignatureFields(
            services,
            callerOf(c),
            c.req.param('id'),
            c.req.param('signatureId'),
            c.req.valid('json').documentSignatures,
          ),
        ),
    )
    .delete(`${base}/:id/signatures`, requireAuth, async (c) => {
      const { signature_id } = parseQuery(removeSignerQuerySchema, c.req.query())
      return sendJson(c, await removeSigner(services, callerOf(c), c.req.param('id'), signature_id))
    })
    .get(`${base}/:id/lock-status`, requireAuth, async (c) =>
      sendJson(c, await getLockStatus(services, callerOf(c), c.req.param('id'))),
    )
    .get(`${base}/:id/zip`, requireAuth, async (c) => {
      const zip = await zipSignatureRequest(services, callerOf(c), c.req.param('id'))
      return c.body(Readable.toWeb(Readable.from(zip.body)) as ReadableStream<Uint8Array>, 200, {
        'Content-Type': 'application/zip',
        'Content-Length': String(zip.length),
        'Content-Disposition': attachmentDisposition(zip.filename),
      })
    })
    .post(`${base}/:id/attachments`, requireAuth, async (c) =>
      sendJson(c, await addAttachment(services, callerOf(c), c.req.param('id'), c.req.raw), 201),
    )
    .get(`${base}/:id/attachments/:aid/content`, requireAuth, async (c) => {
      const { attachment } = await findAttachment(
        services.db,
        callerOf(c),
        c.req.param('id'),
        c.req.param('aid'),
      )
      return sendStoredFile(c, services.storage, documentKey(attachment.sha256), {
        contentType: attachment.contentType,
        size: attachment.size,
        filename: safeFileName(attachment.title, 'attachment'),
      })
    })
    .delete(`${base}/:id/attachments/:aid`, requireAuth, async (c) => {
      await removeAttachment(services, callerOf(c), c.req.param('id'), c.req.param('aid'))
      return c.body(null, 204)
    })
    .get(`${base}/:id/report`, requireAuth, async (c) => {
      const { type, lang } = parseQuery(reportQuerySchema, c.req.query())
      if (type === 'json')
        return sendJson(c, await getRequestReport(services, callerOf(c), c.req.param('id')))
      const { title, pdf } = await requestReportPdf(
        services,
        callerOf(c),
        c.req.param('id'),
        pickMailLocale(lang),
      )
      return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': attachmentDisposition(`${safeFileName(title, 'report')} - report.pdf`),
      })
    })
}
