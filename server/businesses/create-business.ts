import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { type Business, type CreateBusiness, trialDays } from '../../contract/businesses.ts'
import { isUniqueViolation } from '../accounts/is-unique-violation.ts'
import { businesses, businessMembers } from '../db/schema.ts'
import { alreadyMember } from './business-errors.ts'
import type { BusinessServices } from './business-services.ts'
import { defaultBusinessSettings } from './business-settings.ts'
import { getBusiness } from './get-business.ts'
import { scheduleTrialEnd } from './trial-end.ts'

const dayMs = 24 * 60 * 60 * 1000

/**
 * POST /v2/businesses: opens a business with the caller as its first admin, on a 14-day trial (SPEC §4
 * TRIALING), whose end is a job written with it. Its support contact starts as the business's own address and phone.
 */
export async function createBusiness(
  services: BusinessServices,
  userId: string,
  input: CreateBusiness,
): Promise<Business> {
  const now = services.now()
  const id = randomUUID()
  const trialEndsAt = new Date(now.getTime() + trialDays * dayMs)
  await services.db
    .transaction(async (tx) => {
      const [member] = await tx
        .select({ userId: businessMembers.userId })
        .from(businessMembers)
        .where(eq(businessMembers.userId, userId))
      if (member !== undefined) throw alreadyMember()
      await tx.insert(businesses).values({
        id,
        name: input.name,
        email: input.email,
        phone: input.phone,
        billing: input.billing,
        settings: defaultBusinessSettings,
        supportEmail: input.email,
        supportPhone: input.phone,
        paymentMethod: 'TRIALING',
        trialEndsAt,
        createdAt: now,
      })
      await tx.insert(businessMembers).values({ userId, businessId: id, role: 'admin', joinedAt: now })
      await scheduleTrialEnd(services.jobs, tx, id, trialEndsAt)
    })
    .catch((error: unknown) => {
      // Two businesses opened at once by one user: the member key decides, and the loser gets the same 409.
      throw isUniqueViolation(error) ? alreadyMember() : error
    })
  return getBusiness(services.db, now, userId, id)
}
