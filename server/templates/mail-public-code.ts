import { randomInt, randomUUID } from 'node:crypto'
import type { PublicVisit } from '../../contract/templates.ts'
import { publicCodeLifetimeMs } from '../../contract/templates.ts'
import { hashToken } from '../accounts/hash-token.ts'
import { publicTemplateVisits } from '../db/schema/templates.ts'
import { pickMailLocale } from '../mail/mail-locale.ts'
import { publicCodeMail } from '../mail/public-code-mail.ts'
import { renderMail } from '../mail/render-mail.ts'
import type { RequestServices } from '../signature-requests/request-services.ts'
import type { TemplateRow } from './find-template.ts'

/** The SHA-256 under which a visit's code is stored: bound to the visit, so it matches no other visit's. */
export function hashPublicCode(visitId: string, code: string): string {
  return hashToken(`${visitId}:${code}`)
}

/**
 * POST /v3/public-templates/{token}/visits: a new visit of the public link's template, whose 6-digit code
 * (valid 10 minutes, stored as its hash) is mailed to the visitor through the mail queue in the same
 * transaction, so a stored code has its mail on the way.
 */
export async function mailPublicCode(
  services: Pick<RequestServices, 'db' | 'now' | 'mail'>,
  template: TemplateRow,
  input: { email: string; language?: string },
): Promise<PublicVisit> {
  const now = services.now()
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  const expiresAt = new Date(now.getTime() + publicCodeLifetimeMs)
  const visitId = randomUUID()
  await services.db.transaction(async (tx) => {
    await tx.insert(publicTemplateVisits).values({
      id: visitId,
      templateId: template.id,
      email: input.email,
      codeHash: hashPublicCode(visitId, code),
      expiresAt,
      createdAt: now,
    })
    await services.mail.post(
      tx,
      renderMail(publicCodeMail, pickMailLocale(input.language), input.email, {
        code,
        title: template.title,
        minutes: publicCodeLifetimeMs / 60_000,
      }),
    )
  })
  return { visitId, expiresAt: expiresAt.toISOString() }
}
