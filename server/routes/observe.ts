import { Hono } from 'hono'
import { file, ok, unknownRequest } from '../../contract/openapi/operation.ts'
import { unnamedSchemas } from '../../contract/openapi/unnamed-schemas.ts'
import { observedRequestSchema } from '../../contract/signature-requests.ts'
import { describeRoute } from '../http/describe-route.ts'
import { sendJson } from '../http/send-json.ts'
import { findObservedDocument, getObservedRequest } from '../signature-requests/observer-read-link.ts'
import type { RequestServices } from '../signature-requests/request-services.ts'
import { safeFileName } from '../signature-requests/safe-file-name.ts'
import { sendStoredFile } from '../signature-requests/send-stored-file.ts'
import { documentKey } from '../storage/storage-keys.ts'

const base = '/v3/observe/signature-requests/:id'

/**
 * The read-only link of an observer (`cc_email_addresses`), mailed with the signed documents: the finished
 * request and its signed documents, without an account, by the link's secret (`token`).
 */
export function createObserveRoutes(services: RequestServices): Hono {
  return new Hono()
    .get(
      base,
      describeRoute({
        summary: 'Read a signed request as its observer',
        description:
          'With the secret of the link mailed to an observer once everyone signed: the title, the sender, who signed when, and the documents.',
        tag: 'Signature requests',
        auth: 'none',
        query: unnamedSchemas.sendtoQuery,
        answers: [ok(observedRequestSchema)],
        errors: unknownRequest,
      }),
      async (c) => sendJson(c, await getObservedRequest(services, c.req.param('id'), c.req.query('token'))),
    )
    .get(
      `${base}/documents/:documentId`,
      describeRoute({
        summary: 'Download a signed document as an observer',
        tag: 'Signature requests',
        auth: 'none',
        query: unnamedSchemas.sendtoQuery,
        answers: [file('application/pdf', 'The signed PDF.')],
        errors: { 404: ['signature_request.not_found', 'document.not_found', 'document.not_signed'] },
      }),
      async (c) => {
        const found = await findObservedDocument(
          services,
          c.req.param('id'),
          c.req.param('documentId'),
          c.req.query('token'),
        )
        return sendStoredFile(c, services.storage, documentKey(found.sha256), {
          contentType: 'application/pdf',
          size: found.size,
          filename: `${safeFileName(found.title, 'document')}.pdf`,
        })
      },
    )
}
