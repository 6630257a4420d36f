import { Readable } from 'node:stream'
import { Hono } from 'hono'
import { documentSchema } from '../../contract/documents.ts'
import {
  created,
  file,
  noContent,
  ok,
  pdfUpload,
  unknownDocument,
  unknownRequest,
} from '../../contract/openapi/operation.ts'
import {
  attachmentSchema,
  createSignatureRequestSchema,
  delegateSignatureRequestSchema,
  lockStatusSchema,
  placeSignatureFieldsSchema,
  removeDocumentsQuerySchema,
  removeSignerQuerySchema,
  reportQuerySchema,
  requestMessageSchema,
  signatureRequestEventsSchema,
  signatureRequestListQuerySchema,
  signatureRequestPageSchema,
  signatureRequestReportSchema,
  signatureRequestSchema,
  signerInviteSchema,
  updateSignatureRequestSchema,
} from '../../contract/signature-requests.ts'
import { type ApiKeyMode, type AuthEnv, authenticate } from '../http/authenticate.ts'
import { describeRoute } from '../http/describe-route.ts'
import { jsonBody } from '../http/json-body.ts'
import { queryParams } from '../http/query-params.ts'
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
import { remindSigners } from '../signature-requests/remind-signers.ts'
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
    .get(
      base,
      requireAuth,
      describeRoute({
        summary: 'List the requests the caller sends or signs',
        description:
          '`signatures_count=672` lists the open requests the caller owns that others still have to sign. `api_users_of` (a business id) lists instead the requests the business’s API users sent; only its admins may ask. Newest first by default.',
        tag: 'Signature requests',
        auth: 'account',
        answers: [ok(signatureRequestPageSchema)],
      }),
      queryParams(signatureRequestListQuerySchema),
      async (c) => sendJson(c, await listSignatureRequests(services, callerOf(c), c.req.valid('query'))),
    )
    .post(
      base,
      requireAuth,
      jsonBody(createSignatureRequestSchema),
      describeRoute({
        summary: 'Create a draft request',
        description:
          'With the caller’s uploaded documents and signers. `expires_at` ends it as EXPIRED if still open then; `reminders` mails its open signers every `every_days` days, at most `at_most` times; left out, the business’s defaults apply. An API user may name callback URLs; their posts are signed in the `Signet-Signature` header.',
        tag: 'Signature requests',
        auth: 'account',
        answers: [created(signatureRequestSchema)],
        errors: unknownDocument,
      }),
      async (c) => sendJson(c, await createSignatureRequest(services, callerOf(c), c.req.valid('json')), 201),
    )
    .get(
      `${base}/:id`,
      requireAuth,
      describeRoute({
        summary: 'Read a request',
        tag: 'Signature requests',
        auth: 'account',
        answers: [ok(signatureRequestSchema)],
        errors: unknownRequest,
      }),
      async (c) => sendJson(c, await getSignatureRequest(services, callerOf(c), c.req.param('id'))),
    )
    .put(
      `${base}/:id`,
      requireAuth,
      jsonBody(updateSignatureRequestSchema),
      describeRoute({
        summary: 'Change the title, message, standard, expiry or reminders of a draft or open request',
        description:
          'A later `expires_at` extends an open request; null: it never expires. The signature standard (`quality`, `legislation`) changes until someone signed; the signing order in a draft only.',
        tag: 'Signature requests',
        auth: 'account',
        answers: [ok(signatureRequestSchema)],
        errors: {
          ...unknownRequest,
          409: [
            'signature_request.not_owner',
            'signature_request.ended',
            'signature_request.not_draft',
            'signature_request.standard_locked',
          ],
        },
      }),
      async (c) =>
        sendJson(
          c,
          await updateSignatureRequest(services, callerOf(c), c.req.param('id'), c.req.valid('json')),
        ),
    )
    .delete(
      `${base}/:id`,
      requireAuth,
      describeRoute({
        summary: 'Delete a draft, withdraw an open request, or leave an ended one',
        tag: 'Signature requests',
        auth: 'account',
        answers: [noContent],
        errors: unknownRequest,
      }),
      async (c) => {
        await deleteSignatureRequest(services, callerOf(c), c.req.param('id'))
        return c.body(null, 204)
      },
    )
    .post(
      `${base}/:id/documents`,
      requireAuth,
      describeRoute({
        summary: 'Upload a PDF into a draft',
        tag: 'Signature requests',
        auth: 'account',
        body: pdfUpload,
        answers: [created(documentSchema)],
        errors: {
          ...unknownRequest,
          409: ['signature_request.not_draft', 'signature_request.not_owner'],
          413: ['document.too_large'],
          415: ['document.not_pdf'],
          422: [
            'document.empty',
            'document.encrypted',
            'document.damaged',
            'document.too_many_pages',
            'document.too_complex',
          ],
          503: ['server.busy'],
        },
      }),
      async (c) =>
        sendJson(c, await addRequestDocument(services, callerOf(c), c.req.param('id'), c.req.raw), 201),
    )
    .delete(
      `${base}/:id/documents`,
      requireAuth,
      describeRoute({
        summary: 'Take documents out of a draft',
        tag: 'Signature requests',
        auth: 'account',
        answers: [ok(signatureRequestSchema)],
        errors: { ...unknownRequest, 409: ['signature_request.not_draft', 'signature_request.not_owner'] },
      }),
      queryParams(removeDocumentsQuerySchema),
      async (c) => {
        const { document_ids } = c.req.valid('query')
        return sendJson(
          c,
          await removeRequestDocuments(services, callerOf(c), c.req.param('id'), document_ids),
        )
      },
    )
    .post(
      `${base}/:id/initiate`,
      requireAuth,
      describeRoute({
        summary: 'Send a draft to its signers',
        tag: 'Signature requests',
        auth: 'account',
        answers: [ok(signatureRequestSchema)],
        errors: {
          ...unknownRequest,
          409: ['signature_request.not_draft', 'signature_request.not_owner', 'signature_request.no_signers'],
        },
      }),
      async (c) => sendJson(c, await initiateSignatureRequest(services, callerOf(c), c.req.param('id'))),
    )
    .get(
      `${base}/:id/events`,
      requireAuth,
      describeRoute({
        summary: 'Read the audit trail of a request',
        tag: 'Signature requests',
        auth: 'account',
        answers: [ok(signatureRequestEventsSchema)],
        errors: unknownRequest,
      }),
      async (c) => sendJson(c, await listRequestEvents(services, callerOf(c), c.req.param('id'))),
    )
    .post(
      `${base}/:id/withdraw`,
      requireAuth,
      jsonBody(requestMessageSchema),
      describeRoute({
        summary: 'Withdraw an open request',
        tag: 'Signature requests',
        auth: 'account',
        answers: [ok(signatureRequestSchema)],
        errors: {
          ...unknownRequest,
          409: ['signature_request.not_owner', 'signature_request.not_open', 'signature_request.expired'],
        },
      }),
      async (c) =>
        sendJson(
          c,
          await withdrawSignatureRequest(
            services,
            callerOf(c),
            c.req.param('id'),
            c.req.valid('json').message,
          ),
        ),
    )
    .post(
      `${base}/:id/decline`,
      requireAuth,
      jsonBody(requestMessageSchema),
      describeRoute({
        summary: 'Decline to sign',
        tag: 'Signature requests',
        auth: 'account',
        answers: [ok(signatureRequestSchema)],
        errors: {
          ...unknownRequest,
          409: [
            'signature_request.not_a_signer',
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
          await declineSignatureRequest(
            services,
            callerOf(c),
            c.req.param('id'),
            c.req.valid('json').message,
          ),
        ),
    )
    .post(
      `${base}/:id/remind`,
      requireAuth,
      describeRoute({
        summary: 'Remind the signers who have not signed',
        tag: 'Signature requests',
        auth: 'account',
        answers: [ok(signatureRequestSchema)],
        errors: {
          ...unknownRequest,
          409: ['signature_request.not_owner', 'signature_request.not_open', 'signature_request.expired'],
          429: ['signature_request.remind_too_soon'],
        },
      }),
      async (c) => sendJson(c, await remindSigners(services, callerOf(c), c.req.param('id'))),
    )
    .post(
      `${base}/:id/delegate`,
      requireAuth,
      jsonBody(delegateSignatureRequestSchema),
      describeRoute({
        summary: 'Hand one’s open signature to someone else',
        tag: 'Signature requests',
        auth: 'account',
        answers: [noContent],
        errors: {
          ...unknownRequest,
          409: [
            'signature_request.not_a_signer',
            'signature_request.signer_not_open',
            'signature_request.not_your_turn',
            'signature_request.already_a_signer',
            'signature_request.not_open',
            'signature_request.expired',
          ],
        },
      }),
      async (c) => {
        await delegateSignature(services, callerOf(c), c.req.param('id'), c.req.valid('json'))
        return c.body(null, 204)
      },
    )
    .post(
      `${base}/:id/signatures`,
      requireAuth,
      jsonBody(signerInviteSchema),
      describeRoute({
        summary: 'Add a signer',
        tag: 'Signature requests',
        auth: 'account',
        answers: [created(signatureRequestSchema)],
        errors: {
          ...unknownRequest,
          409: [
            'signature_request.not_owner',
            'signature_request.already_a_signer',
            'signature_request.signers_locked',
          ],
        },
      }),
      async (c) =>
        sendJson(c, await addSigner(services, callerOf(c), c.req.param('id'), c.req.valid('json')), 201),
    )
    .put(
      `${base}/:id/signatures/:signatureId`,
      requireAuth,
      jsonBody(placeSignatureFieldsSchema),
      describeRoute({
        summary: 'Place a signer’s fields: one signature per document, and the fields they fill',
        tag: 'Signature requests',
        auth: 'account',
        answers: [ok(signatureRequestSchema)],
        errors: {
          ...unknownRequest,
          409: ['signature_request.not_owner', 'signature_request.signers_locked'],
        },
      }),
      async (c) =>
        sendJson(
          c,
          await placeSignatureFields(
            services,
            callerOf(c),
            c.req.param('id'),
            c.req.param('signatureId'),
            c.req.valid('json'),
          ),
        ),
    )
    .delete(
      `${base}/:id/signatures`,
      requireAuth,
      describeRoute({
        summary: 'Remove a signer',
        tag: 'Signature requests',
        auth: 'account',
        answers: [ok(signatureRequestSchema)],
        errors: {
          ...unknownRequest,
          409: ['signature_request.not_owner', 'signature_request.signers_locked'],
        },
      }),
      queryParams(removeSignerQuerySchema),
      async (c) => {
        const { signature_id } = c.req.valid('query')
        return sendJson(c, await removeSigner(services, callerOf(c), c.req.param('id'), signature_id))
      },
    )
    .get(
      `${base}/:id/lock-status`,
      requireAuth,
      describeRoute({
        summary: 'Whether a signing of the request is in progress',
        tag: 'Signature requests',
        auth: 'account',
        answers: [ok(lockStatusSchema)],
        errors: unknownRequest,
      }),
      async (c) => sendJson(c, await getLockStatus(services, callerOf(c), c.req.param('id'))),
    )
    .get(
      `${base}/:id/zip`,
      requireAuth,
      describeRoute({
        summary: 'Download the documents as a ZIP, each in its latest signed version',
        tag: 'Signature requests',
        auth: 'account',
        answers: [file('application/zip', 'The documents of the request.')],
        errors: unknownRequest,
      }),
      async (c) => {
        const zip = await zipSignatureRequest(services, callerOf(c), c.req.param('id'))
        return c.body(Readable.toWeb(Readable.from(zip.body)) as ReadableStream<Uint8Array>, 200, {
          'Content-Type': 'application/zip',
          'Content-Length': String(zip.length),
          'Content-Disposition': attachmentDisposition(zip.filename),
        })
      },
    )
    .post(
      `${base}/:id/attachments`,
      requireAuth,
      describeRoute({
        summary: 'Attach a file to a draft or open request',
        tag: 'Signature requests',
        auth: 'account',
        body: { upload: { file: ['application/octet-stream'], fields: ['title'] } },
        answers: [created(attachmentSchema)],
        errors: {
          ...unknownRequest,
          409: ['signature_request.ended'],
          413: ['attachment.too_large'],
          422: ['attachment.empty'],
        },
      }),
      async (c) => sendJson(c, await addAttachment(services, callerOf(c), c.req.param('id'), c.req.raw), 201),
    )
    .get(
      `${base}/:id/attachments/:aid/content`,
      requireAuth,
      describeRoute({
        summary: 'Download an attachment',
        tag: 'Signature requests',
        auth: 'account',
        answers: [file('application/octet-stream', 'The file as it was attached, with its content type.')],
        errors: { 404: ['signature_request.not_found', 'attachment.not_found'] },
      }),
      async (c) => {
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
      },
    )
    .delete(
      `${base}/:id/attachments/:aid`,
      requireAuth,
      describeRoute({
        summary: 'Remove an attachment (its uploader or the sender)',
        tag: 'Signature requests',
        auth: 'account',
        answers: [noContent],
        errors: { 404: ['signature_request.not_found', 'attachment.not_found'] },
      }),
      async (c) => {
        await removeAttachment(services, callerOf(c), c.req.param('id'), c.req.param('aid'))
        return c.body(null, 204)
      },
    )
    .get(
      `${base}/:id/report`,
      requireAuth,
      describeRoute({
        summary: 'The report of a request and its audit trail, as JSON or PDF',
        tag: 'Signature requests',
        auth: 'account',
        answers: [
          ok(signatureRequestReportSchema, 'The report: as JSON with `type=json`, as a PDF with `type=pdf`.'),
          file('application/pdf', 'The report as a PDF in the language `lang`.'),
        ],
        errors: unknownRequest,
      }),
      queryParams(reportQuerySchema),
      async (c) => {
        const { type, lang } = c.req.valid('query')
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
      },
    )
}
