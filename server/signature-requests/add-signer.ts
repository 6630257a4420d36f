import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { SignatureRequestView, SignerInvite } from '../../contract/signature-requests.ts'
import { users } from '../db/schema/accounts.ts'
import { signatures } from '../db/schema/signature-requests.ts'
import { ApiError } from '../http/api-error.ts'
import { signatureRequestInvitationMail } from '../mail/signature-request-invitation-mail.ts'
import { checkSenderGroups } from '../signer-groups/check-sender-groups.ts'
import { applyEvent } from './apply-event.ts'
import { checkFieldsApart } from './check-fields-apart.ts'
import { checkFormFields } from './check-form-fields.ts'
import { checkSignatureFields, requestFieldDocuments } from './check-signature-fields.ts'
import { getSignatureRequest } from './get-signature-request.ts'
import { inviteEmail, signerOfInvite } from './invite-email.ts'
import { mailSigners } from './mail-signers.ts'
import type { Caller, RequestServices } from './request-services.ts'
import { signaturesInTurn } from './signatures-in-turn.ts'

/**
 * POST .../signatures: the owner invites one more signer (the machine's `signer.add`: a draft, or an open
 * request nobody has signed or declined yet); on an open request the new signer is mailed the invitation
 * at once when it is their turn. Without a `sequence`, they sign with everyone in a parallel request and
 * last in a request in order. An address that already signs the request is 409 `signature_request.already_a_signer`.
 */
export async function addSigner(
  services: RequestServices,
  caller: Caller,
  id: string,
  invite: SignerInvite,
): Promise<SignatureRequestView> {
  const email = invite.groupId === undefined ? inviteEmail(invite) : ''
  if (invite.groupId !== undefined) {
    await checkSenderGroups(services.db, caller.userId, [{ groupId: invite.groupId, at: 'group_id' }])
  }
  // The machine keys signers by signature id: the new row's id is chosen before the machine sees it.
  const signatureId = randomUUID()
  const sequenceAmong = (current: readonly { sequence: number }[]) => {
    const last = Math.max(1, ...current.map((s) => s.sequence))
    return invite.sequence ?? (last > 1 ? last + 1 : 1)
  }
  await applyEvent(services, caller, id, {
    event: ({ signatures: current }) => ({
      type: 'signer.add',
      actorId: caller.userId,
      signerId: signatureId,
      sequence: sequenceAmong(current),
    }),
    type: 'signer_added',
    detail: { signatureId, email, ...(invite.groupId === undefined ? {} : { groupId: invite.groupId }) },
    write: async (tx, { request, signatures: current }) => {
      const signer = signerOfInvite(email, invite)
      if (
        current.some((s) =>
          signer.groupId === null ? s.accountEmail === email : s.groupId === signer.groupId,
        )
      ) {
        throw new ApiError(
          409,
          'signature_request.already_a_signer',
          `${email || 'This group'} already signs this request`,
        )
      }
      const fields = invite.documentSignatures ?? []
      const fieldOn = await requestFieldDocuments(tx, id)
      checkSignatureFields(fields, fieldOn, 'document_signatures')
      const formFields = checkFormFields(invite.formFields ?? [], fieldOn, 'form_fields')
      checkFieldsApart(
        [{ at: '', documentSignatures: fields, formFields: invite.formFields ?? [] }],
        current.map((s) => ({
          email: s.accountEmail,
          documentSignatures: s.documentSignatures,
          formFields: s.formFields,
        })),
        fieldOn,
      )
      const [account] =
        signer.groupId === null
          ? await tx.select({ id: users.id }).from(users).where(eq(users.email, email))
          : []
      const added = await tx
        .insert(signatures)
        .values({
          id: signatureId,
          requestId: id,
          signerId: account?.id ?? null,
          ...signer,
          signerIdentityData: invite.signerIdentityData ?? null,
          documentSignatures: fields,
          formFields,
          status: 'OPEN',
          sequence: sequenceAmong(current),
        })
        .returning()
      // A signer added to a sent request is invited at once in their turn; those of a draft when it is sent.
      if (request.statusOverall === 'OPEN') {
        const turn = signaturesInTurn(request, [...current, ...added]).filter((s) => s.id === signatureId)
        await mailSigners(services, tx, request, turn, signatureRequestInvitationMail)
      }
    },
  })
  return getSignatureRequest(services, caller, id)
}
