import { and, asc, eq } from 'drizzle-orm'
import { setAttributes } from '../accounts/set-attributes.ts'
import type { Database } from '../db/open-database.ts'
import { businesses, businessInvitations, businessMembers, users } from '../db/schema.ts'
import { ApiError } from '../http/api-error.ts'
import { isUuid } from '../signature-requests/find-request.ts'
import { joinAsNewMember } from './business-errors.ts'

type Reader = Pick<Database, 'select'>

/**
 * The invitation waiting for a user: the oldest one to their (confirmed) address. Invitations wait while
 * the user belongs to a business; the app shows this one once they do not.
 */
export async function findWaitingInvitation(db: Reader, userId: string) {
  const [found] = await db
    .select({ id: businessInvitations.id, businessId: businesses.id, name: businesses.name })
    .from(users)
    .innerJoin(businessInvitations, eq(businessInvitations.email, users.email))
    .innerJoin(businesses, eq(businesses.id, businessInvitations.businessId))
    .where(and(eq(users.id, userId), eq(users.emailVerified, true)))
    .orderBy(asc(businessInvitations.createdAt))
    .limit(1)
  return found
}

const notFound = () => new ApiError(404, 'business.invitation_not_found', 'No such invitation is waiting')

/**
 * POST /v1/user/accept with `business_invite`: the user joins the business of their waiting invitation as a
 * member (SPEC §6: accepted through the invitation dialog). 409 `business.already_member` while they belong
 * to a business.
 */
export async function acceptInvitation(db: Database, userId: string, now: Date): Promise<void> {
  await joinAsNewMember(db, userId, async (tx) => {
    const invitation = await findWaitingInvitation(tx, userId)
    if (invitation === undefined) throw notFound()
    await tx
      .insert(businessMembers)
      .values({ userId, businessId: invitation.businessId, role: 'member', joinedAt: now })
    await tx.delete(businessInvitations).where(eq(businessInvitations.id, invitation.id))
    await setAttributes(tx, userId, { accepted_business_invite: ['true'] }, [
      'removed_from_business',
      'business_deleted',
    ])
  })
}

/**
 * DELETE /v1/businesses/{id}/invitations/{inviteId}: an admin of the business revokes it, or the invited
 * person declines it (their own address). Anyone else gets 404.
 */
export async function deleteInvitation(
  db: Database,
  caller: { userId: string; email: string },
  businessId: string,
  inviteId: string,
): Promise<void> {
  if (!isUuid(inviteId)) throw notFound()
  const [invitation] = await db
    .select({ email: businessInvitations.email })
    .from(businessInvitations)
    .where(and(eq(businessInvitations.id, inviteId), eq(businessInvitations.businessId, businessId)))
  const [admin] = await db
    .select({ role: businessMembers.role })
    .from(businessMembers)
    .where(
      and(
        eq(businessMembers.userId, caller.userId),
        eq(businessMembers.businessId, businessId),
        eq(businessMembers.role, 'admin'),
      ),
    )
  if (invitation === undefined || (admin === undefined && invitation.email !== caller.email)) throw notFound()
  await db.delete(businessInvitations).where(eq(businessInvitations.id, inviteId))
}
