import { eq, inArray } from 'drizzle-orm'
import { displayName } from '../accounts/display-name.ts'
import { businessOfAccount } from '../businesses/business-of-account.ts'
import { users } from '../db/schema/accounts.ts'
import { signerGroupMembers } from '../db/schema/businesses.ts'
import { issueDirectLink } from '../direct/issue-direct-link.ts'
import { mailBrandOf } from '../mail/mail-brand.ts'
import { pickMailLocale } from '../mail/mail-locale.ts'
import { type MailTemplate, renderMail } from '../mail/render-mail.ts'
import type { SignatureRequestMailValues } from '../mail/signature-request-invitation-mail.ts'
import type { Queryable, RequestRow, SignatureRow } from './load-requests.ts'
import type { RequestServices } from './request-services.ts'

/**
 * Mails `template` to each of `to`, in the signer's language: for an account, the sender's choice for them, else
 * the account's; for a direct-link signer, the language their page last showed, else the sender's choice. Account holders get a link to `/view/{id}`; a signer
 * without an account gets a new direct link of their own (unless the sender asked them to sign in to an account:
 * then `/view/{id}` too); the links of earlier mails keep working.
 * A signer group's open signature is mailed to each of its members (issue 43), with the `/view/{id}` link.
 * A business's request carries the business's brand. Written with `tx`, the transaction of the change the
 * mails tell of.
 */
export async function mailSigners(
  services: Pick<RequestServices, 'mail' | 'publicUrl'>,
  tx: Queryable,
  request: RequestRow,
  to: readonly SignatureRow[],
  template: MailTemplate<SignatureRequestMailValues>,
): Promise<void> {
  if (to.length === 0) return
  const [owner] = await tx.select().from(users).where(eq(users.id, request.ownerId))
  const brand = mailBrandOf(await businessOfAccount(tx, request.ownerId), services.publicUrl)
  const sender = displayName(owner, owner?.email ?? '')
  const accountIds = to.flatMap((s) => (s.signerId === null ? [] : [s.signerId]))
  const accounts =
    accountIds.length === 0
      ? []
      : await tx
          .select({ id: users.id, attributes: users.attributes })
          .from(users)
          .where(inArray(users.id, accountIds))
  // A group's signature not signed yet goes to each member of the group, who signs in to sign it.
  const groupIds = to.flatMap((s) => (s.groupId === null || s.signerId !== null ? [] : [s.groupId]))
  const members =
    groupIds.length === 0
      ? []
      : await tx
          .select({ groupId: signerGroupMembers.groupId, email: users.email, attributes: users.attributes })
          .from(signerGroupMembers)
          .innerJoin(users, eq(users.id, signerGroupMembers.userId))
          .where(inArray(signerGroupMembers.groupId, groupIds))
  const values = { sender, title: request.title, message: request.message, directLink: false }
  for (const member of members) {
    const locale = pickMailLocale(member.attributes.lang?.[0])
    const link = `${services.publicUrl}/view/${request.id}`
    await services.mail.post(tx, renderMail(template, locale, member.email, { ...values, link }, brand))
  }
  for (const signature of to) {
    if (signature.groupId !== null && signature.signerId === null) continue
    const account = accounts.find((a) => a.id === signature.signerId)
    // A signer asked to sign in to an account is never mailed a direct link, with an account or not yet.
    const directLink = signature.signerId === null && signature.authentication === 'tan'
    const locale = directLink
      ? pickMailLocale(signature.directAttributes.lang?.[0], signature.signerIdentityData?.language)
      : pickMailLocale(signature.signerIdentityData?.language, account?.attributes.lang?.[0])
    const link = directLink
      ? await issueDirectLink(tx, services.publicUrl, signature)
      : `${services.publicUrl}/view/${request.id}`
    await services.mail.post(
      tx,
      renderMail(
        template,
        locale,
        signature.accountEmail,
        {
          sender,
          title: request.title,
          message: request.message,
          link,
          directLink,
        },
        brand,
      ),
    )
  }
}
