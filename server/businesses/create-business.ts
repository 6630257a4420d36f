import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { type Business, type CreateBusiness, trialDays } from '../../contract/businesses.ts'
import { dayMs } from '../../contract/datetime.ts'
import type { Currency } from '../../contract/price-plans.ts'
import { users } from '../db/schema/accounts.ts'
import { businesses, businessMembers } from '../db/schema/businesses.ts'
import type { JobWriter } from '../jobs/job-queue.ts'
import {
  type MarketingFormSubmission,
  marketingFormJob,
} from '../providers/marketing-forms/marketing-forms.ts'
import { joinAsNewMember } from './business-errors.ts'
import type { BusinessServices } from './business-services.ts'
import { defaultBusinessSettings } from './business-settings.ts'
import { getBusiness } from './get-business.ts'
import { scheduleTrialEnd } from './trial-end.ts'

type Transaction = Parameters<Parameters<BusinessServices['db']['transaction']>[0]>[0]

/**
 * Writes a new business with `userId` as its first admin: on a trial ending at `trialEndsAt`, or paying
 * already as the card provider's customer `customerId` in `currency` (bought in one step, SPEC direct
 * upgrade). Its
 * support contact starts as the business's own address and phone.
 */
export async function insertBusiness(
  tx: Transaction,
  business: { id: string; userId: string; input: CreateBusiness; now: Date },
  start: { trialEndsAt: Date } | { customerId: string; currency: Currency },
): Promise<void> {
  const { id, userId, input, now } = business
  await tx.insert(businesses).values({
    id,
    name: input.name,
    email: input.email,
    phone: input.phone,
    billing: input.billing,
    settings: defaultBusinessSettings,
    supportEmail: input.email,
    supportPhone: input.phone,
    ...('trialEndsAt' in start
      ? { paymentMethod: 'TRIALING', trialEndsAt: start.trialEndsAt }
      : { paymentMethod: 'STRIPE', customerId: start.customerId, currency: start.currency }),
    // Short enough to read out, unguessable enough that nobody stumbles on another's.
    referralCode: `REF-${id.replaceAll('-', '').slice(0, 10).toUpperCase()}`,
    createdAt: now,
  })
  await tx.insert(businessMembers).values({ userId, businessId: id, role: 'admin', joinedAt: now })
}

/**
 * Writes the submission of the business signup form to the forms service (SPEC §7: a marketing form), with
 * `writer` the transaction that opens the business: who signed up (by HubSpot's contact properties), for which
 * company, from which page.
 */
export async function submitSignupForm(
  services: Pick<BusinessServices, 'jobs' | 'publicUrl'>,
  writer: JobWriter & Pick<Transaction, 'select'>,
  userId: string,
  input: CreateBusiness,
): Promise<void> {
  const [admin] = await writer
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId))
  const submission: MarketingFormSubmission = {
    fields: [
      { name: 'email', value: admin?.email ?? input.email },
      { name: 'firstname', value: admin?.firstName ?? '' },
      { name: 'lastname', value: admin?.lastName ?? '' },
      { name: 'company', value: input.name },
      { name: 'phone', value: input.phone },
      { name: 'country', value: input.billing.country },
    ].filter((field) => field.value !== ''),
    pageUri: `${services.publicUrl}/business/signup`,
    pageName: 'Business signup',
  }
  await services.jobs.enqueue(writer, marketingFormJob, submission)
}

/**
 * POST /v2/businesses: opens a business with the caller as its first admin, on a 14-day trial (SPEC §4
 * TRIALING), whose end is a job written with it, as is the signup form's submission where a forms service is
 * configured.
 */
export async function createBusiness(
  services: BusinessServices,
  userId: string,
  input: CreateBusiness,
): Promise<Business> {
  const now = services.now()
  const id = randomUUID()
  const trialEndsAt = new Date(now.getTime() + trialDays * dayMs)
  await joinAsNewMember(services.db, userId, async (tx) => {
    await insertBusiness(tx, { id, userId, input, now }, { trialEndsAt })
    await scheduleTrialEnd(services.jobs, tx, id, trialEndsAt)
    if (services.marketingForms) await submitSignupForm(services, tx, userId, input)
  })
  if (services.marketingForms) services.jobs.wake(marketingFormJob)
  return getBusiness(services.db, now, userId, id)
}
