import { eq } from 'drizzle-orm'
import type { SignatureField } from '../../contract/signature-fields.ts'
import type { SignatureRequestView } from '../../contract/signature-requests.ts'
import { signatures } from '../db/schema.ts'
import { applyEvent } from './apply-event.ts'
import { checkSignatureFields, requestFieldDocuments } from './check-signature-fields.ts'
import { getSignatureRequest } from './get-signature-request.ts'
import type { Caller, RequestServices } from './request-services.ts'

/**
 * PUT .../signatures/{signatureId}: the owner places where one signer signs, one field per document (the
 * machine's `signer.place`: a draft or open request, a signer who has still to sign). An empty list takes
 * the fields away, and the app suggests where again. A field off its document or page is 400.
 */
export async function placeSignatureFields(
  services: RequestServices,
  caller: Caller,
  id: string,
  signatureId: string,
  fields: SignatureField[],
): Promise<SignatureRequestView> {
  await applyEvent(services, caller, id, {
    event: () => ({ type: 'signer.place', actorId: caller.userId, signerId: signatureId }),
    type: 'fields_placed',
    detail: (found) => ({
      signatureId,
      email: found.signatures.find((s) => s.id === signatureId)?.accountEmail ?? null,
      fields: fields.length,
    }),
    write: async (tx) => {
      checkSignatureFields(fields, await requestFieldDocuments(tx, id), 'document_signatures')
      await tx.update(signatures).set({ documentSignatures: fields }).where(eq(signatures.id, signatureId))
    },
  })
  return getSignatureRequest(services, caller, id)
}
