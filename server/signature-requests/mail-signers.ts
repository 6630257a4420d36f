import { eq, inArray } from 'drizzle-orm'
import { users } from '../db/schema.ts'
import { pickMailLocale } from '../mail/mail-locale.ts'
import { type MailTemplate, renderMail } from '../mail/render-mail.ts'
import type { SignatureRequestMailValues } from '../mail/signature-request-invitation-mail.ts'
import type { RequestRow, SignatureRow } from './load-requests.ts'
import type { RequestServices } from './request-services.ts'

/**
 * Mails `template` to each of `to`, in the signer's language (the sender's choice for them, else their
 * account's), with a link to `/view/{id}`. Signers without an account get the same link for now: they see
 * the request once they sign up with that address; direct-link tokens come with issue 6.
 */
export async function mailSigners(
  services: RequestServices,
  request: RequestRow,
  to: readonly SignatureRow[],
  template: MailTemplate<SignatureRequestMailValues>,
): Promise<void> {
  if (to.length === 0) return
  const [owner] = await services.db.select().from(users).where(eq(users.id, request.ownerId))
  const senderName = [owner?.firstName, owner?.lastName].filter(Boolean).join(' ')
  const sender = senderName || owner?.email || ''
  const accountIds = to.flatMap((s) => (s.signerId === null ? [] : [s.signerId]))
  const accounts =
    accountIds.length === 0
      ? []
      : await services.db
          .select({ id: users.id, attributes: users.attributes })
          .from(users)
          .where(inArray(users.id, accountIds))
  const link = `${services.publicUrl}/view/${request.id}`
  for (const signature of to) {
    const account = accounts.find((a) => a.id === signature.signerId)
    const locale = pickMailLocale(signature.signerIdentityData?.language, account?.attributes.lang?.[0])
    services.mail.post(
      renderMail(template, locale, signature.accountEmail, {
        sender,
        title: request.title,
        message: request.message,
        link,
      }),
    )
  }
}
