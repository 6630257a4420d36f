import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { SignatureRequestView, SignerInvite } from '../../contract/signature-requests.ts'
import { signatures, users } from '../db/schema.ts'
import { ApiError } from '../http/api-error.ts'
import { signatureRequestInvitationMail } from '../mail/signature-request-invitation-mail.ts'
import { applyEvent } from './apply-event.ts'
import { checkFormFields } from './check-form-fields.ts'
import { checkSignatureFields, requestFieldDocuments } from './check-signature-fields.ts'
import { getSignatureRequest } from './get-signature-request.ts'
import { inviteEmail } from './invite-email.ts'
import { mailSigners } from './mail-signers.ts'
import type { Caller, RequestServices } from './request-services.ts'

/**
 * POST .../signatures: the owner invites one more signer (the machine's `signer.add`: a draft, or an open
 * request nobody has signed or declined yet); on an open request the new signer is mailed the invitation
 * at once. An address that already signs the request is 409 `signature_request.already_a_signer`.
 */
export async function addSigner(
  services: RequestServices,
  caller: Caller,
  id: string,
  invite: SignerInvite,
): Promise<SignatureRequestView> {
  const email = inviteEmail(invite)
  // The machine keys signers by signature id: the new row's id is chosen before the machine sees it.
  const signatureId = randomUUID()
  await applyEvent(services, caller, id, {
    event: () => ({ type: 'signer.add', actorId: caller.userId, signerId: signatureId }),
    type: 'signer_added',
    detail: { signatureId, email },
    write: async (tx, { request, signatures: current }) => {
      if (current.some((s) => s.accountEmail === email)) {
        throw new ApiError(409, 'signature_request.already_a_signer', `${email} already signs this request`)
      }
      const fields = invite.documentSignatures ?? []
      const fieldOn = await requestFieldDocuments(tx, id)
      checkSignatureFields(fields, fieldOn, 'document_signatures')
      const formFields = checkFormFields(invite.formFields ?? [], fieldOn, 'form_fields')
      const [account] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email))
      const added = await tx
        .insert(signatures)
        .values({
          id: signatureId,
          requestId: id,
          signerId: account?.id ?? null,
          accountEmail: email,
          signerIdentityData: invite.signerIdentityData ?? null,
          documentSignatures: fields,
          formFields,
          status: 'OPEN',
        })
        .returning()
      // A signer added to a sent request is invited at once; those of a draft when it is sent.
      if (request.statusOverall === 'OPEN') {
        await mailSigners(services, tx, request, added, signatureRequestInvitationMail)
      }
    },
  })
  return getSignatureRequest(services, caller, id)
}
