import { eq } from 'drizzle-orm'
import type { PlaceSignatureFields, SignatureRequestView } from '../../contract/signature-requests.ts'
import { signatures } from '../db/schema/signature-requests.ts'
import { applyEvent } from './apply-event.ts'
import { checkFieldsApart } from './check-fields-apart.ts'
import { checkFormFields } from './check-form-fields.ts'
import { checkSignatureFields, requestFieldDocuments } from './check-signature-fields.ts'
import { getSignatureRequest } from './get-signature-request.ts'
import type { Caller, RequestServices } from './request-services.ts'

/**
 * PUT .../signatures/{signatureId}: the owner places where one signer signs, one field per document (the
 * machine's `signer.place`: a draft or open request, a signer who has still to sign). An empty list takes
 * the fields away, and the app suggests where again; `form_fields`, when given, replace the signer's fields
 * besides the signature (a field naming the id of one of them keeps it). A field off its document or page, or
 * over another field, is 400.
 */
export async function placeSignatureFields(
  services: RequestServices,
  caller: Caller,
  id: string,
  signatureId: string,
  { documentSignatures: fields, formFields }: PlaceSignatureFields,
): Promise<SignatureRequestView> {
  await applyEvent(services, caller, id, {
    event: () => ({ type: 'signer.place', actorId: caller.userId, signerId: signatureId }),
    type: 'fields_placed',
    detail: (found) => ({
      signatureId,
      email: found.signatures.find((s) => s.id === signatureId)?.accountEmail ?? null,
      fields: fields.length,
    }),
    write: async (tx, found) => {
      const fieldOn = await requestFieldDocuments(tx, id)
      checkSignatureFields(fields, fieldOn, 'document_signatures')
      const stored = found.signatures.find((s) => s.id === signatureId)?.formFields ?? []
      const placed =
        formFields === undefined
          ? {}
          : { formFields: checkFormFields(formFields, fieldOn, 'form_fields', stored) }
      // The other signers' fields stay, and so do this signer's besides the signature when none are given.
      checkFieldsApart(
        [{ at: '', documentSignatures: fields, formFields: formFields ?? [] }],
        found.signatures.map((s) => ({
          email: s.accountEmail,
          documentSignatures: s.id === signatureId ? [] : s.documentSignatures,
          formFields: s.id === signatureId && formFields !== undefined ? [] : s.formFields,
        })),
        fieldOn,
      )
      await tx
        .update(signatures)
        .set({ documentSignatures: fields, ...placed })
        .where(eq(signatures.id, signatureId))
    },
  })
  return getSignatureRequest(services, caller, id)
}
