import { and, count, eq, inArray } from 'drizzle-orm'
import type { SeatsPreview, Usage } from '../../contract/billing.ts'
import { amountIn } from '../../contract/price-plans.ts'
import { acceptsPaymentEvent } from '../../machines/business-payment/accepts-payment-event.ts'
import { vatBasisPoints, vatOn, vatTreatment } from '../../machines/business-payment/vat.ts'
import {
  type BillingBusiness,
  loadBillingBusiness,
  paymentSnapshot,
  subscriptionView,
} from '../businesses/payment-state.ts'
import { requirePaymentEvent } from '../businesses/require-payment-event.ts'
import type { Database } from '../db/open-database.ts'
import { users } from '../db/schema/accounts.ts'
import { pricePlans } from '../db/schema/billing.ts'
import { businessInvitations, businessMembers } from '../db/schema/businesses.ts'
import { ApiError } from '../http/api-error.ts'
import { PaymentDeclinedError } from '../providers/billing/billing-provider.ts'
import { applySubscription } from './apply-subscription.ts'
import { type BillingServices, requireProviders } from './billing-services.ts'
import { subscriptionIdOf } from './change-subscription.ts'
import { cardDeclined } from './upgrade-subscription.ts'

/** How long a preview may be quoted: past it, the price may have moved on. */
const previewLifetimeMs = 15 * 60 * 1000

/**
 * The time a change was previewed at, which its proration then uses; 409 `billing.preview_stale` when the
 * preview is from the future, older than a quarter of an hour, or from before the current period began (a
 * renewal since changed the period it prorated over).
 */
export function freshPreviewTime(billing: BillingBusiness, timestamp: string, now: Date): Date {
  const at = new Date(timestamp).getTime()
  const periodStart = billing.subscription?.currentPeriodStart.getTime() ?? 0
  if (at > now.getTime() || now.getTime() - at > previewLifetimeMs || at < periodStart) {
    throw new ApiError(409, 'billing.preview_stale', 'timestamp: the preview is out of date, preview again', {
      field: 'timestamp',
    })
  }
  return new Date(at)
}

/** Admins, members and open invitations of the business: everyone who takes a seat. */
async function seatsInUse(db: Pick<Database, 'select'>, businessId: string): Promise<number> {
  const [people] = await db
    .select({ n: count() })
    .from(businessMembers)
    .where(eq(businessMembers.businessId, businessId))
  const [invited] = await db
    .select({ n: count() })
    .from(businessInvitations)
    .where(eq(businessInvitations.businessId, businessId))
  return (people?.n ?? 0) + (invited?.n ?? 0)
}

/** GET .../subscriptions/usage: the subscription and the seats taken. */
export async function subscriptionUsage(db: Database, businessId: string): Promise<Usage> {
  const { subscription } = await loadBillingBusiness(db, businessId)
  return {
    subscription: subscription && subscriptionView(subscription),
    seatsInUse: await seatsInUse(db, businessId),
  }
}

/** Refuses a change of seats the payment machine does not take, or that leaves people without a seat. */
async function checkSeats(
  services: BillingServices,
  billing: BillingBusiness,
  seats: number,
  previewedAt: string,
) {
  requirePaymentEvent(billing, services.now(), { type: 'seats.change', change: { seats, previewedAt } })
  const businessId = billing.business.id
  const [plan] = await services.db
    .select()
    .from(pricePlans)
    .where(eq(pricePlans.id, billing.subscription?.plan ?? ''))
  const least = Math.max(plan?.minSeats ?? 1, await seatsInUse(services.db, businessId))
  const most = plan?.maxSeats ?? null
  if (seats < least || (most !== null && seats > most)) {
    const range = most === null ? `at least ${least}` : `${least} to ${most}`
    throw new ApiError(422, 'billing.seats_out_of_range', `seats: ${range} seats`, { field: 'seats' })
  }
  return plan
}

/**
 * POST .../subscriptions/seats/preview: what changing to `seats` costs: added seats are charged at once for
 * the rest of the period (prorated, with VAT); fewer seats cost nothing now, stay paid until the period's
 * end and cost less from the next period (`effectiveAt`). The answer's timestamp is the proration time the
 * change then uses.
 */
export async function previewSeats(
  services: BillingServices,
  businessId: string,
  seats: number,
): Promise<SeatsPreview> {
  const { subscriptions } = requireProviders(services)
  const now = services.now()
  const billing = await loadBillingBusiness(services.db, businessId)
  const plan = await checkSeats(services, billing, seats, now.toISOString())
  const subscription = billing.subscription as NonNullable<BillingBusiness['subscription']>
  const proration = await subscriptions.previewSeats(subscriptionIdOf(billing), seats, now)
  const vat = vatOn(proration.amountDue, vatBasisPoints(vatTreatment(billing.business.billing.country)))
  const unit = plan ? amountIn(plan.seatPrices[subscription.cycle], subscription.currency) : 0
  return {
    seats,
    currentSeats: subscription.seats,
    currency: subscription.currency,
    amountDue: proration.amountDue,
    vat,
    total: proration.amountDue + vat,
    nextPeriodAmount: unit * seats,
    currentPeriodEnd: subscription.currentPeriodEnd.toISOString(),
    effectiveAt: (seats < subscription.seats ? subscription.currentPeriodEnd : now).toISOString(),
    seatsAtPeriodEnd: subscription.seatsAtPeriodEnd,
    timestamp: now.toISOString(),
  }
}

/**
 * PUT .../subscriptions/seats: changes the seats as previewed at `timestamp`. A preview older than a
 * quarter of an hour, or from before the current period began, is stale (409): the admin previews
 * again. A declined charge for added seats is a 402 and changes nothing.
 */
export async function changeSeats(
  services: BillingServices,
  businessId: string,
  input: { seats: number; timestamp: string },
): Promise<void> {
  const { subscriptions } = requireProviders(services)
  const billing = await loadBillingBusiness(services.db, businessId)
  await checkSeats(services, billing, input.seats, input.timestamp)
  const previewedAt = freshPreviewTime(billing, input.timestamp, services.now())
  const id = subscriptionIdOf(billing)
  // What the seats are now tells apart two changes quoting one preview time (a drop, taken back, made again);
  // a retry of the same change from the same seats is the same key.
  const from = `${billing.subscription?.seats}:${billing.subscription?.seatsAtPeriodEnd}`
  const key = `seats:${id}:${input.seats}:${input.timestamp}:${from}`
  const subscription = await subscriptions
    .changeSeats(id, input.seats, previewedAt, key)
    .catch((error: unknown) => {
      throw error instanceof PaymentDeclinedError ? cardDeclined(error) : error
    })
  await services.db.transaction(async (tx) => {
    await applySubscription(services, tx, await loadBillingBusiness(tx, businessId, true), subscription)
  })
}

/**
 * Adding people beyond the paid seats buys the missing seats at once, prorated (SPEC §6 add seats): before
 * POST .../members invites, the seats its newcomers need are bought while the payment machine takes a
 * change of seats. The app previews them in its add seats dialog first; a caller of the API that did not
 * is charged the same. A declined charge is a 402 and nobody is invited. A drop of seats scheduled for the
 * period's end is lessened so that the newcomers keep their seats then.
 */
export async function buySeatsForInvites(
  services: BillingServices,
  businessId: string,
  emails: readonly string[],
): Promise<void> {
  const billing = await loadBillingBusiness(services.db, businessId)
  const current = billing.subscription
  if (current === null || services.billing === null) return
  const now = services.now()
  const change = {
    type: 'seats.change',
    change: { seats: current.seats, previewedAt: now.toISOString() },
  } as const
  if (!acceptsPaymentEvent(paymentSnapshot(billing, now), change).ok) return
  const addresses = [...new Set(emails.map((email) => email.toLowerCase()))]
  const known = await services.db
    .select({ email: users.email })
    .from(businessMembers)
    .innerJoin(users, eq(users.id, businessMembers.userId))
    .where(and(eq(businessMembers.businessId, businessId), inArray(users.email, addresses)))
  const invited = await services.db
    .select({ email: businessInvitations.email })
    .from(businessInvitations)
    .where(and(eq(businessInvitations.businessId, businessId), inArray(businessInvitations.email, addresses)))
  const knownEmails = new Set([...known, ...invited].map((row) => row.email.toLowerCase()))
  const needed =
    (await seatsInUse(services.db, businessId)) + addresses.filter((a) => !knownEmails.has(a)).length
  // Paid seats that are to drop at the period's end would leave newcomers without one: the drop is made
  // smaller (or taken back) rather than charging anything now.
  const scheduled = current.seatsAtPeriodEnd
  if (needed <= current.seats && (scheduled === null || needed <= scheduled)) return
  const [plan] = await services.db.select().from(pricePlans).where(eq(pricePlans.id, current.plan))
  if (plan?.maxSeats != null && needed > plan.maxSeats) {
    throw new ApiError(
      422,
      'billing.seats_out_of_range',
      `users: the plan has at most ${plan.maxSeats} seats`,
      {
        field: 'users',
      },
    )
  }
  const key = `invite-seats:${current.subscriptionId}:${needed}:${current.syncedAt.toISOString()}`
  const subscription = await requireProviders(services)
    .subscriptions.changeSeats(current.subscriptionId, needed, now, key)
    .catch((error: unknown) => {
      throw error instanceof PaymentDeclinedError ? cardDeclined(error) : error
    })
  await services.db.transaction(async (tx) => {
    await applySubscription(services, tx, await loadBillingBusiness(tx, businessId, true), subscription)
  })
}
