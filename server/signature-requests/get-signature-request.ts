import type { SignatureRequestView } from '../../contract/signature-requests.ts'
import { isUuid, readerPart, requestNotFound } from './find-request.ts'
import { requestViewRows, toRequestView } from './load-requests.ts'
import type { Caller, RequestServices } from './request-services.ts'

/**
 * GET /v3/signature-requests/{id}: the request, if the caller owns or signs it, or is an admin of the business
 * whose API user sent it, who reads it (else 404). Who may see it is
 * decided on the rows its answer is built from, in one query rather than the lookup's two and the view's.
 */
export async function getSignatureRequest(
  services: RequestServices,
  caller: Caller,
  id: string,
): Promise<SignatureRequestView> {
  if (!isUuid(id)) throw requestNotFound()
  const [view] = await requestViewRows(services.db, [id])
  if (view === undefined) throw requestNotFound()
  await readerPart(services.db, view.request, view.signatures, caller)
  return toRequestView(view, caller)
}
