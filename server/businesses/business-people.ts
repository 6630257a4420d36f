import { and, asc, eq } from 'drizzle-orm'
import type { BusinessInvitation, BusinessPerson, BusinessRole } from '../../contract/businesses.ts'
import type { Database } from '../db/open-database.ts'
import { users } from '../db/schema/accounts.ts'
import { businessInvitations, businessMembers } from '../db/schema/businesses.ts'
import { type MailLocale, pickMailLocale } from '../mail/mail-locale.ts'

/** GET /v1/businesses/{id}/members (everyone, admins included) and /admins (`role` admin). */
export async function listBusinessPeople(
  db: Pick<Database, 'select'>,
  businessId: string,
  role?: BusinessRole,
): Promise<BusinessPerson[]> {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: businessMembers.role,
      joinedAt: businessMembers.joinedAt,
    })
    .from(businessMembers)
    .innerJoin(users, eq(users.id, businessMembers.userId))
    .where(
      and(
        eq(businessMembers.businessId, businessId),
        role === undefined ? undefined : eq(businessMembers.role, role),
      ),
    )
    .orderBy(asc(users.email))
  return rows.map((row) => ({ ...row, joinedAt: row.joinedAt.toISOString() }))
}

/** GET /v2/businesses/{id}/invitations: addresses invited that have not joined yet, oldest first. */
export async function listBusinessInvitations(
  db: Pick<Database, 'select'>,
  businessId: string,
): Promise<BusinessInvitation[]> {
  const rows = await db
    .select({
      id: businessInvitations.id,
      email: businessInvitations.email,
      createdAt: businessInvitations.createdAt,
    })
    .from(businessInvitations)
    .where(eq(businessInvitations.businessId, businessId))
    .orderBy(asc(businessInvitations.createdAt), asc(businessInvitations.email))
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }))
}

/** The addresses and mail languages of a business's admins, whom the business's notices go to. */
export async function adminsToMail(
  db: Pick<Database, 'select'>,
  businessId: string,
): Promise<{ email: string; locale: MailLocale }[]> {
  const admins = await db
    .select({ email: users.email, attributes: users.attributes })
    .from(businessMembers)
    .innerJoin(users, eq(users.id, businessMembers.userId))
    .where(and(eq(businessMembers.businessId, businessId), eq(businessMembers.role, 'admin')))
  return admins.map((admin) => ({ email: admin.email, locale: pickMailLocale(admin.attributes.lang?.[0]) }))
}
