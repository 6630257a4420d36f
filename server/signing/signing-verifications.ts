import { and, desc, eq, isNotNull } from 'drizzle-orm'
import type { SigningVerification } from '../../contract/request-events.ts'
import type { Database } from '../db/open-database.ts'
import { identifications } from '../db/schema/identification.ts'
import type { SigningIdentity } from './sign-request-documents.ts'
import type { RequestSigner } from './sign-requests.ts'

/**
 * How a signer proved who they were for one signature, as the audit trail records it: an account signed in
 * (and under Part 11 entered its password again), a direct-link signer entered the TAN mailed to their
 * address; a seal names who used it; an advanced or qualified signature names the identification it rests
 * on (provider, method and the provider's reference, or the business that vouched for the signer); a
 * qualified one the SMS its one-time password came by.
 */
export async function signingVerifications(
  db: Pick<Database, 'select'>,
  signer: RequestSigner,
  identity: Omit<SigningIdentity, 'verifications'>,
  how: { part11: boolean; mobile: string | undefined },
): Promise<SigningVerification[]> {
  const verifications: SigningVerification[] =
    signer.kind === 'direct'
      ? [{ method: 'tan', to: identity.email }]
      : [{ method: 'sign_in' }, ...(how.part11 ? [{ method: 'password' as const }] : [])]
  if (identity.seal !== undefined) {
    verifications.push({ method: 'seal', seal: identity.seal.label, usedBy: identity.caller.email })
  } else if (identity.vouchedBy !== undefined) {
    verifications.push({ method: 'vouched', business: identity.vouchedBy })
  } else if (identity.quality !== 'ses') {
    const [identified] = await db
      .select({
        provider: identifications.provider,
        mode: identifications.mode,
        reference: identifications.providerRef,
      })
      .from(identifications)
      .where(
        and(
          signer.kind === 'direct'
            ? eq(identifications.signatureId, signer.signatureId)
            : eq(identifications.userId, signer.caller.userId),
          isNotNull(identifications.result),
        ),
      )
      .orderBy(desc(identifications.completedAt))
      .limit(1)
    if (identified !== undefined) verifications.push({ method: 'identification', ...identified })
  }
  if (how.mobile !== undefined) verifications.push({ method: 'sms_otp', to: how.mobile })
  return verifications
}
