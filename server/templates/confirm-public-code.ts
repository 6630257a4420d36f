import { timingSafeEqual } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { publicCodeMaxFailedAttempts } from '../../contract/templates.ts'
import { users } from '../db/schema/accounts.ts'
import { signatures } from '../db/schema/signature-requests.ts'
import { publicTemplateVisits } from '../db/schema/templates.ts'
import { issueDirectLink } from '../direct/issue-direct-link.ts'
import { ApiError } from '../http/api-error.ts'
import { isUuid } from '../signature-requests/find-request.ts'
import { sendSignatureRequest } from '../signature-requests/initiate-signature-request.ts'
import type { RequestServices } from '../signature-requests/request-services.ts'
import type { TemplateRow } from './find-template.ts'
import type { TemplateRoleRow } from './load-templates.ts'
import { hashPublicCode } from './mail-public-code.ts'
import { draftFromTemplate } from './start-from-template.ts'

type Refusal = 'unknown' | 'invalid' | 'expired' | 'locked'

const refusals: Record<Refusal, () => ApiError> = {
  unknown: () => new ApiError(404, 'public_template.visit_not_found', 'No such visit of this link'),
  invalid: () =>
    new ApiError(422, 'public_template.code_invalid', 'This is not the code of the mail', { field: 'code' }),
  expired: () =>
    new ApiError(422, 'public_template.code_expired', 'The code expired: ask for a new one', {
      field: 'code',
    }),
  locked: () =>
    new ApiError(429, 'public_template.code_locked', 'Too many wrong codes: ask for a new one', {
      field: 'code',
    }),
}

/**
 * POST /v3/public-templates/{token}/visits/{id}/confirm: checks the visitor's code (the visit locked meanwhile,
 * so tries count one at a time; the fifth wrong one locks it), and for the right one, used up at once, starts
 * and sends a request of the template's owner from it with the visitor as its one direct-link signer, whose
 * e-mail the code confirmed. Answers that signer's direct signing link.
 */
export async function confirmPublicCode(
  services: RequestServices,
  template: TemplateRow,
  role: TemplateRoleRow,
  visitId: string,
  code: string,
  ip: string,
): Promise<string> {
  const now = services.now()
  const checked = await services.db.transaction(
    async (tx): Promise<{ verdict: 'valid'; email: string } | { verdict: Refusal }> => {
      if (!isUuid(visitId)) return { verdict: 'unknown' }
      const [visit] = await tx
        .select()
        .from(publicTemplateVisits)
        .where(and(eq(publicTemplateVisits.id, visitId), eq(publicTemplateVisits.templateId, template.id)))
        .for('update')
      if (visit === undefined) return { verdict: 'unknown' }
      if (visit.failedAttempts >= publicCodeMaxFailedAttempts) return { verdict: 'locked' }
      if (visit.codeHash === null) return { verdict: 'invalid' }
      if (visit.expiresAt.getTime() <= now.getTime()) return { verdict: 'expired' }
      if (
        !timingSafeEqual(
          Buffer.from(visit.codeHash, 'hex'),
          Buffer.from(hashPublicCode(visitId, code), 'hex'),
        )
      ) {
        await tx
          .update(publicTemplateVisits)
          .set({ failedAttempts: visit.failedAttempts + 1 })
          .where(eq(publicTemplateVisits.id, visitId))
        return { verdict: 'invalid' }
      }
      await tx
        .update(publicTemplateVisits)
        .set({ codeHash: null })
        .where(eq(publicTemplateVisits.id, visitId))
      return { verdict: 'valid', email: visit.email }
    },
  )
  if (checked.verdict !== 'valid') throw refusals[checked.verdict]()
  const [owner] = await services.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, template.ownerId))
  const caller = { userId: template.ownerId, email: owner?.email ?? '', ip, groupIds: [] }
  const requestId = await draftFromTemplate(services, caller, template.id, {
    signers: [{ role: role.name, signerIdentityData: { emailAddress: checked.email } }],
    prefill: [],
    send: false,
  })
  // The visitor is on the signing page already, which the answer's link opens: no invitation to it by mail.
  await sendSignatureRequest(services, caller, requestId, { present: checked.email })
  return services.db.transaction(async (tx) => {
    const [signature] = await tx
      .select({ id: signatures.id })
      .from(signatures)
      .where(eq(signatures.requestId, requestId))
    if (signature === undefined) throw new Error('a request from a template of one role has its signer')
    // The code confirmed the visitor's e-mail as a TAN would: the signing page asks for none again.
    await tx.update(signatures).set({ tanConfirmedAt: now }).where(eq(signatures.id, signature.id))
    await tx.update(publicTemplateVisits).set({ requestId }).where(eq(publicTemplateVisits.id, visitId))
    return issueDirectLink(tx, services.publicUrl, { id: signature.id, requestId })
  })
}
