import { and, count, eq, gte, inArray, ne, notExists } from 'drizzle-orm'
import type { BusinessStatistics } from '../../contract/businesses.ts'
import type { Database } from '../db/open-database.ts'
import { apiUsers, businessInvitations, businessMembers } from '../db/schema/businesses.ts'
import { signatureRequests, signatureUsages } from '../db/schema/signature-requests.ts'

/**
 * GET /v2/businesses/{id}/statistics: its admins, members and open invitations now, and the requests its
 * members sent (drafts not counted) and the signatures given for it by its members, present or former, since the
 * calendar month began (UTC).
 */
export async function businessStatistics(
  db: Database,
  businessId: string,
  now: Date,
): Promise<BusinessStatistics> {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))
  const people = db
    .select({ userId: businessMembers.userId })
    .from(businessMembers)
    .where(eq(businessMembers.businessId, businessId))
  // The people of its dashboard are its members: its API users' signatures are counted in its activity.
  const byApiUser = db
    .select({ id: apiUsers.userId })
    .from(apiUsers)
    .where(eq(apiUsers.userId, signatureUsages.signerId))
  const [roles, [invitations], [requests], [signed]] = await Promise.all([
    db
      .select({ role: businessMembers.role, n: count() })
      .from(businessMembers)
      .where(eq(businessMembers.businessId, businessId))
      .groupBy(businessMembers.role),
    db.select({ n: count() }).from(businessInvitations).where(eq(businessInvitations.businessId, businessId)),
    db
      .select({ n: count() })
      .from(signatureRequests)
      .where(
        and(
          inArray(signatureRequests.ownerId, people),
          ne(signatureRequests.statusOverall, 'DRAFT'),
          gte(signatureRequests.createdAt, monthStart),
        ),
      ),
    db
      .select({ n: count() })
      .from(signatureUsages)
      .where(
        and(
          eq(signatureUsages.businessId, businessId),
          gte(signatureUsages.signedAt, monthStart),
          notExists(byApiUser),
        ),
      ),
  ])
  const admins = roles.find((r) => r.role === 'admin')?.n ?? 0
  const members = roles.find((r) => r.role === 'member')?.n ?? 0
  return {
    admins,
    members,
    openInvitations: invitations?.n ?? 0,
    requestsThisMonth: requests?.n ?? 0,
    signaturesThisMonth: signed?.n ?? 0,
  }
}
