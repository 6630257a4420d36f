import { and, eq, inArray } from 'drizzle-orm'
import type { BusinessInvitation } from '../../contract/businesses.ts'
import { users } from '../db/schema/accounts.ts'
import { businesses, businessInvitations, businessMembers } from '../db/schema/businesses.ts'
import { businessInvitationMail } from '../mail/business-invitation-mail.ts'
import { pickMailLocale } from '../mail/mail-locale.ts'
import { renderMail } from '../mail/render-mail.ts'
import { listBusinessInvitations } from './business-people.ts'
import type { BusinessServices } from './business-services.ts'
import { inviterName } from './invitations.ts'

/**
 * POST /v1/businesses/{id}/members: invites each address (lower case) that is not a member yet, mailing it
 * a link to `/invite/{invitation id}`; an address invited before keeps its invitation and is mailed again
 * (the members page's resend). Answers the open invitations.
 */
export async function inviteMembers(
  services: BusinessServices,
  inviterId: string,
  businessId: string,
  emails: readonly string[],
): Promise<BusinessInvitation[]> {
  const addresses = [...new Set(emails.map((email) => email.toLowerCase()))]
  await services.db.transaction(async (tx) => {
    const [business] = await tx
      .select({ name: businesses.name })
      .from(businesses)
      .where(eq(businesses.id, businessId))
    const [inviter] = await tx.select().from(users).where(eq(users.id, inviterId))
    if (business === undefined || inviter === undefined) return
    const members = await tx
      .select({ email: users.email })
      .from(businessMembers)
      .innerJoin(users, eq(users.id, businessMembers.userId))
      .where(and(eq(businessMembers.businessId, businessId), inArray(users.email, addresses)))
    const joined = new Set(members.map((m) => m.email.toLowerCase()))
    const invitees = addresses.filter((email) => !joined.has(email))
    if (invitees.length === 0) return
    await tx
      .insert(businessInvitations)
      .values(
        invitees.map((email) => ({ businessId, email, invitedBy: inviterId, createdAt: services.now() })),
      )
      .onConflictDoNothing()
    const invitations = await tx
      .select({ id: businessInvitations.id, email: businessInvitations.email })
      .from(businessInvitations)
      .where(
        and(eq(businessInvitations.businessId, businessId), inArray(businessInvitations.email, invitees)),
      )
    const accounts = await tx
      .select({ email: users.email, attributes: users.attributes })
      .from(users)
      .where(inArray(users.email, invitees))
    const langOf = new Map(accounts.map((a) => [a.email.toLowerCase(), a.attributes.lang?.[0]]))
    for (const invitation of invitations) {
      const locale = pickMailLocale(langOf.get(invitation.email), inviter.attributes.lang?.[0])
      const link = `${services.publicUrl}/invite/${invitation.id}`
      await services.mail.post(
        tx,
        renderMail(businessInvitationMail, locale, invitation.email, {
          inviter: inviterName(inviter),
          business: business.name,
          link,
        }),
      )
    }
  })
  return listBusinessInvitations(services.db, businessId)
}
