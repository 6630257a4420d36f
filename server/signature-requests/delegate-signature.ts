import { eq } from 'drizzle-orm'
import type { DelegateSignatureRequest } from '../../contract/signature-requests.ts'
import {
  notOpenRefusal,
  signerActionRefusal,
} from '../../machines/signature-request/signature-request-refusals.ts'
import { users } from '../db/schema/accounts.ts'
import { signatureRequests, signatures } from '../db/schema/signature-requests.ts'
import { revokeDirectLinks } from '../direct/issue-direct-link.ts'
import { ApiError } from '../http/api-error.ts'
import { signatureRequestInvitationMail } from '../mail/signature-request-invitation-mail.ts'
import { findRequest } from './find-request.ts'
import { inviteEmail } from './invite-email.ts'
import { storedRequestState } from './load-requests.ts'
import { mailSigners } from './mail-signers.ts'
import { recordEvent } from './record-event.ts'
import type { Caller, RequestServices } from './request-services.ts'

/**
 * POST .../delegate: a signer whose signature is open hands it to someone else. The signature row (its
 * status, its place in the request) now belongs to the new address, linked to its account if there is
 * one; the old direct link and TAN stop working, and the new signer is mailed the invitation, with the
 * delegator's message when they wrote one. Refused with 409 like signing is: a request that is not open
 * (`signature_request.not_open`), a caller without an open signature (`not_a_signer`, `already_signed`,
 * `signer_not_open`), and an address that already signs it (`already_a_signer`). The caller usually no
 * longer sees the request afterwards, so the answer is empty.
 */
export async function delegateSignature(
  services: RequestServices,
  caller: Caller,
  id: string,
  input: DelegateSignatureRequest,
): Promise<void> {
  const email = inviteEmail(input)
  await services.db.transaction(async (tx) => {
    const found = await findRequest(tx, caller, id, true)
    const { request: current, ownSignature } = found
    if (current.statusOverall !== 'OPEN') {
      throw new ApiError(409, notOpenRefusal(current.statusOverall), 'Only an open request can be delegated')
    }
    const refusal = signerActionRefusal(
      storedRequestState(current, found.signatures),
      ownSignature?.id ?? caller.userId,
    )
    if (refusal !== undefined || ownSignature === undefined) {
      throw new ApiError(
        409,
        refusal ?? 'signature_request.not_a_signer',
        'Only an open signature can be delegated',
      )
    }
    if (found.signatures.some((s) => s.accountEmail === email)) {
      throw new ApiError(409, 'signature_request.already_a_signer', `${email} already signs this request`)
    }
    const [account] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email))
    const [moved] = await tx
      .update(signatures)
      .set({
        signerId: account?.id ?? null,
        accountEmail: email,
        // Handed on by a member of a signer group, it is the new signer's alone.
        groupId: null,
        signerIdentityData: input.signerIdentityData ?? null,
        directAttributes: {},
        tanHash: null,
        tanExpiresAt: null,
        tanFailedAttempts: 0,
        tanConfirmedAt: null,
      })
      .where(eq(signatures.id, ownSignature.id))
      .returning()
    await revokeDirectLinks(tx, ownSignature.id)
    if (moved === undefined) throw new Error('delegated signature vanished')
    const now = services.now()
    await tx.update(signatureRequests).set({ updatedAt: now }).where(eq(signatureRequests.id, id))
    await recordEvent(tx, id, caller, 'delegated', now, {
      signatureId: moved.id,
      from: ownSignature.accountEmail,
      to: email,
      message: input.message,
    })
    const message = input.message.trim() === '' ? current.message : input.message
    await mailSigners(services, tx, { ...current, message }, [moved], signatureRequestInvitationMail)
  })
}
