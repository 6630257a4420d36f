import { eq } from 'drizzle-orm'
import type { PaymentMethodStateName, User } from '../../contract/user.ts'
import { findWaitingInvitation } from '../businesses/invitations.ts'
import type { Database } from '../db/open-database.ts'
import { businesses, businessMembers, users } from '../db/schema.ts'
import { ApiError } from '../http/api-error.ts'
import { visualSignaturePermissions } from '../visual-signatures/visual-signature-permissions.ts'

/**
 * GET /v1/user: the signed-in user as the contract shows it, with their business, or else the business
 * whose invitation waits for them.
 */
export async function getUser(db: Pick<Database, 'select'>, userId: string): Promise<User> {
  const [found] = await db
    .select({
      user: users,
      business: {
        id: businesses.id,
        name: businesses.name,
        role: businessMembers.role,
        paymentMethod: businesses.paymentMethod,
      },
    })
    .from(users)
    .leftJoin(businessMembers, eq(businessMembers.userId, users.id))
    .leftJoin(businesses, eq(businesses.id, businessMembers.businessId))
    .where(eq(users.id, userId))
  const user = found?.user
  // The session was found a moment ago; a user deleted since then is signed out.
  if (user === undefined) throw new ApiError(401, 'auth.unauthenticated', 'This account no longer exists')
  return {
    id: user.id,
    username: user.username ?? user.id,
    email: user.email,
    emailVerified: user.emailVerified,
    firstName: user.firstName,
    lastName: user.lastName,
    hasSso: user.hasSso,
    attributes: user.attributes,
    permissions: { visualSignatures: await visualSignaturePermissions(db, userId) },
    business: await businessOf(db, userId, found?.business ?? null),
  }
}

async function businessOf(
  db: Pick<Database, 'select'>,
  userId: string,
  membership: {
    id: string | null
    name: string | null
    role: 'admin' | 'member' | null
    paymentMethod: string | null
  } | null,
): Promise<User['business']> {
  if (membership?.id && membership.name !== null && membership.role !== null) {
    const { id, name, role } = membership
    // The trial's end is a job that sets NEEDS_PAYMENT_METHOD on its day.
    const paymentMethod = membership.paymentMethod as PaymentMethodStateName
    return { id, name, role, invitationId: null, paymentMethod }
  }
  const invitation = await findWaitingInvitation(db, userId)
  if (invitation === undefined) return null
  return {
    id: invitation.businessId,
    name: invitation.name,
    role: 'member',
    invitationId: invitation.id,
    paymentMethod: 'TRIALING',
  }
}
