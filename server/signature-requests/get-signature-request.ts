import type { SignatureRequestView } from '../../contract/signature-requests.ts'
import { findRequest } from './find-request.ts'
import { loadRequestViews } from './load-requests.ts'
import type { Caller, RequestServices } from './request-services.ts'

/** GET /v3/signature-requests/{id}: the request, if the caller owns or signs it (else 404). */
export async function getSignatureRequest(
  services: RequestServices,
  caller: Caller,
  id: string,
): Promise<SignatureRequestView> {
  const { request } = await findRequest(services.db, caller, id)
  const [view] = await loadRequestViews(services.db, caller, [request.id])
  if (view === undefined) throw new Error('request view missing')
  return view
}
