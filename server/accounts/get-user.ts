import { and, eq, sql } from 'drizzle-orm'
import type { UserSignatureQualities } from '../../contract/signature-qualities.ts'
import type { PaymentMethodStateName, User } from '../../contract/user.ts'
import { waitingInvitation } from '../businesses/invitations.ts'
import type { Database } from '../db/open-database.ts'
import { preparedPerDatabase } from '../db/prepared-per-database.ts'
import { passkeys, totpFactors, users } from '../db/schema/accounts.ts'
import { businesses, businessMembers, type StoredBusinessSettings } from '../db/schema/businesses.ts'
import { sealMembers, seals } from '../db/schema/seals.ts'
import { ApiError } from '../http/api-error.ts'
import { disabledQualities, heldQualities } from '../signing/signature-qualities.ts'
import { visualSignaturePermissionsUnder } from '../visual-signatures/visual-signature-permissions.ts'
import { isSsoOnly } from './second-factor-required.ts'

/**
 * The user with their membership and business, and the invitation that waits for them (read whether or not
 * they belong to a business: one query, where asking for it only then took a second). Prepared: the app
 * asks for the user on every screen.
 */
const userQuery = preparedPerDatabase((db: Pick<Database, 'select'>) => {
  const invitation = waitingInvitation(db)
  return db
    .select({
      user: users,
      totpEnabledAt: totpFactors.enabledAt,
      hasPasskey: sql<boolean>`exists (select 1 from ${passkeys} where ${passkeys.userId} = ${users.id})`,
      business: {
        id: businesses.id,
        name: businesses.name,
        role: businessMembers.role,
        paymentMethod: businesses.paymentMethod,
        settings: businesses.settings,
      },
      invitation: { id: invitation.id, businessId: invitation.businessId, name: invitation.name },
    })
    .from(users)
    .leftJoin(totpFactors, eq(totpFactors.userId, users.id))
    .leftJoin(businessMembers, eq(businessMembers.userId, users.id))
    .leftJoin(businesses, eq(businesses.id, businessMembers.businessId))
    .leftJoinLateral(invitation, sql`true`)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('user_by_id')
})

/** The qualities of the seals of the user's business they may use. */
const sealQualitiesQuery = preparedPerDatabase((db: Pick<Database, 'select'>) =>
  db
    .select({ quality: seals.quality })
    .from(sealMembers)
    .innerJoin(seals, eq(seals.id, sealMembers.sealId))
    .innerJoin(
      businessMembers,
      and(eq(businessMembers.userId, sealMembers.userId), eq(businessMembers.businessId, seals.businessId)),
    )
    .where(eq(sealMembers.userId, sql.placeholder('userId')))
    .groupBy(seals.quality)
    .prepare('user_seal_qualities'),
)

/**
 * GET /v1/user: the signed-in user as the contract shows it, with their business, or else the business
 * whose invitation waits for them. The membership is read once, with the user, for the business, its
 * retention and the visual signature permissions its settings decide. `demo`: qualified signatures are the
 * demo CA's (SPEC §4 highest quality), as GET /v3/user/signature-qualities-detail says too.
 */
export async function getUser(db: Pick<Database, 'select'>, userId: string, demo: boolean): Promise<User> {
  const [[found], sealRows] = await Promise.all([
    userQuery(db).execute({ userId }),
    sealQualitiesQuery(db).execute({ userId }),
  ])
  // The session was found a moment ago; a user deleted since then is signed out.
  if (found === undefined) throw new ApiError(401, 'auth.unauthenticated', 'This account no longer exists')
  const { user, business, invitation, totpEnabledAt, hasPasskey } = found
  const seal: NonNullable<UserSignatureQualities['seal']> = Object.fromEntries(
    sealRows.map(({ quality }) => [quality, { quality }]),
  )
  return {
    id: user.id,
    username: user.username ?? user.id,
    email: user.email,
    emailVerified: user.emailVerified,
    firstName: user.firstName,
    lastName: user.lastName,
    hasSso: user.hasSso,
    retention: business?.settings?.signatureRequests.retention ?? null,
    disabledQualities: disabledQualities(user.attributes),
    signatureQualities: {
      ...heldQualities(user.attributes, demo),
      ...(sealRows.length > 0 ? { seal } : {}),
    },
    attributes: user.attributes,
    permissions: { visualSignatures: visualSignaturePermissionsUnder(business?.settings ?? undefined) },
    secondFactor: {
      // A passkey is a second factor as much as the authenticator app.
      enabled: totpEnabledAt !== null || hasPasskey,
      // An invitation's business requires nothing yet: `settings` is read of the business one belongs to.
      required: !isSsoOnly(user) && business?.settings?.secondFactor.required === true,
    },
    business: businessOf(business, invitation),
  }
}

function businessOf(
  membership: {
    id: string | null
    name: string | null
    role: 'admin' | 'member' | null
    paymentMethod: string | null
    settings: StoredBusinessSettings | null
  } | null,
  invitation: { id: string; businessId: string; name: string } | null,
): User['business'] {
  if (membership?.id && membership.name !== null && membership.role !== null) {
    const { id, name, role } = membership
    // The trial's end is a job that sets NEEDS_PAYMENT_METHOD on its day.
    const paymentMethod = membership.paymentMethod as PaymentMethodStateName
    return { id, name, role, invitationId: null, paymentMethod }
  }
  if (invitation === null) return null
  return {
    id: invitation.businessId,
    name: invitation.name,
    role: 'member',
    invitationId: invitation.id,
    paymentMethod: 'TRIALING',
  }
}
