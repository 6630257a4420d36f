import { and, asc, eq, sql } from 'drizzle-orm'
import type { InvitationPreview } from '../../contract/businesses.ts'
import { displayName } from '../accounts/display-name.ts'
import { setAttributes } from '../accounts/set-attributes.ts'
import type { Database } from '../db/open-database.ts'
import { users } from '../db/schema/accounts.ts'
import { businesses, businessInvitations, businessMembers } from '../db/schema/businesses.ts'
import { ApiError } from '../http/api-error.ts'
import { isUuid } from '../signature-requests/find-request.ts'
import { joinAsNewMember } from './business-errors.ts'

type Reader = Pick<Database, 'select'>

/**
 * The invitation waiting for a user: the oldest one to their (confirmed) address. Invitations wait while
 * the user belongs to a business; the app shows this one once they do not.
 */
async function findWaitingInvitation(db: Reader, userId: string) {
  const invitation = waitingInvitation(db)
  const [found] = await db
    .select({ id: invitation.id, businessId: invitation.businessId, name: invitation.name })
    .from(users)
    .innerJoinLateral(invitation, sql`true`)
    .where(eq(users.id, userId))
  return found
}

/**
 * {@link findWaitingInvitation} as a subquery to join laterally to the user of the row at hand (`users`), so
 * that a query reading the user reads it too.
 */
export function waitingInvitation(db: Reader) {
  // The business's id under a name of its own: a query that joins this one may have an `id` or `business_id`.
  const businessId = sql<string>`${businessInvitations.businessId}`.as('invited_business_id')
  return db
    .select({ id: businessInvitations.id, businessId, name: businesses.name })
    .from(businessInvitations)
    .innerJoin(businesses, eq(businesses.id, businessInvitations.businessId))
    .where(and(eq(businessInvitations.email, users.email), eq(users.emailVerified, true)))
    .orderBy(asc(businessInvitations.createdAt))
    .limit(1)
    .as('waiting_invitation')
}

/** How an invitation names the person who sent it: their name, else their address. */
export function inviterName(inviter: { firstName: string | null; lastName: string | null; email: string }) {
  return displayName(inviter, inviter.email)
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

/**
 * GET /v1/invitations/{inviteId}, without signing in: the open invitation's inviter, business and address,
 * for the page its mailed link opens. The id is the secret of that link; any id that is not an open
 * invitation (withdrawn, accepted, declined, never sent) is the same 404, so nothing else is learnt.
 */
export async function previewInvitation(db: Reader, inviteId: string): Promise<InvitationPreview> {
  if (!isUuid(inviteId)) throw notFound()
  const [found] = await db
    .select({
      email: businessInvitations.email,
      business: businesses.name,
      firstName: users.firstName,
      lastName: users.lastName,
      inviterEmail: users.email,
    })
    .from(businessInvitations)
    .innerJoin(businesses, eq(businesses.id, businessInvitations.businessId))
    .leftJoin(users, eq(users.id, businessInvitations.invitedBy))
    .where(eq(businessInvitations.id, inviteId))
  if (found === undefined) throw notFound()
  const { email, business, inviterEmail, firstName, lastName } = found
  return {
    inviter: inviterEmail === null ? null : inviterName({ firstName, lastName, email: inviterEmail }),
    business,
    email,
  }
}
