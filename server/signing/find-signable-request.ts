import { eq } from 'drizzle-orm'
import { directSignerDataKinds, signerDataKinds } from '../../contract/form-fields.ts'
import type { SignRequestItem } from '../../contract/signing.ts'
import type { Database } from '../db/open-database.ts'
import { signatureRequests, signatures } from '../db/schema/signature-requests.ts'
import { checkFieldsApart } from '../signature-requests/check-fields-apart.ts'
import { checkSignatureFields, requestFieldDocuments } from '../signature-requests/check-signature-fields.ts'
import { findRequest, isUuid, requestNotFound } from '../signature-requests/find-request.ts'
import type { RequestRow, SignatureRow } from '../signature-requests/load-requests.ts'
import { signerFields } from '../signature-requests/signer-fields.ts'
import { decideSign } from './decide-sign.ts'
import { checkFormValues } from './fill-form-fields.ts'
import type { RequestSigner } from './sign-requests.ts'
import { fieldsOfOthers, signatureBox } from './signature-box.ts'

/** A request the signer may sign now, checked before anything of the call is signed. */
export type SignableRequest = {
  request: RequestRow
  /** The signer's own signature in it. */
  signature: SignatureRow
  item: SignRequestItem
}

/**
 * The listed request if the signer may sign it: 404 when the signer may not see it (for a direct-link
 * signer: any request but their own), 409 when the lifecycle machine refuses the signature, 400 when a
 * document placement names a document or page the request does not have or puts the signature over a field
 * to fill or over another signer's signature or signature field, or a value of the signer's fields is wrong or missing. `index` is the item's position in the call, for the error's field.
 */
export async function findSignableRequest(
  db: Database,
  signer: RequestSigner,
  item: SignRequestItem,
  index: number,
): Promise<SignableRequest> {
  const { request, rows, actorId } = await findForSigner(db, signer, item.signatureRequestId)
  decideSign(request, rows, actorId)
  const signature = rows.find((row) => row.id === actorId)
  if (signature === undefined) throw requestNotFound()
  const documents = await requestFieldDocuments(db, request.id)
  const placements = item.documentSignatures ?? []
  checkSignatureFields(placements, documents, `signature_requests.${index}.document_signatures`)
  // Where the placements put the signature, which must keep clear of every field to fill (any signer's) and of
  // the other signers' signatures and the signature fields placed for them.
  const own = signerFields(documents, rows).get(signature.id)?.documentSignatures ?? []
  const taken = fieldsOfOthers(documents, rows, signature.id)
  const boxes = placements.flatMap((placement) => {
    const document = documents.find((d) => d.id === placement.documentId)
    const field = own.find((f) => f.documentId === placement.documentId)
    return document === undefined ? [] : [signatureBox(placement, field, document, taken)]
  })
  checkFieldsApart(
    [{ at: `signature_requests.${index}`, documentSignatures: boxes, formFields: [] }],
    rows.map((row) => ({
      email: row.accountEmail,
      documentSignatures: row.id === signature.id ? [] : row.documentSignatures,
      formFields: row.formFields,
      signed: row.status === 'SIGNED',
    })),
    documents,
  )
  // A direct-link signer has no account to take a company from: they type it.
  checkFormValues(
    signature.formFields,
    item.formValues ?? [],
    `signature_requests.${index}.form_values`,
    signer.kind === 'direct' ? directSignerDataKinds : signerDataKinds,
  )
  return { request, signature, item }
}

async function findForSigner(
  db: Database,
  signer: RequestSigner,
  id: string,
): Promise<{ request: RequestRow; rows: SignatureRow[]; actorId: string }> {
  if (signer.kind === 'account') {
    const found = await findRequest(db, signer.caller, id)
    // The machine keys signers by signature id; an owner who does not sign acts as themselves.
    return {
      request: found.request,
      rows: found.signatures,
      actorId: found.ownSignature?.id ?? signer.caller.userId,
    }
  }
  // A direct-link session is bound to one request and one signature.
  if (id.toLowerCase() !== signer.requestId.toLowerCase() || !isUuid(id)) throw requestNotFound()
  const [request] = await db.select().from(signatureRequests).where(eq(signatureRequests.id, id))
  const rows = await db.select().from(signatures).where(eq(signatures.requestId, id))
  if (request === undefined || !rows.some((row) => row.id === signer.signatureId)) throw requestNotFound()
  return { request, rows, actorId: signer.signatureId }
}
