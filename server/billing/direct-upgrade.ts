import { randomUUID } from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import type * as v from 'valibot'
import type { directConfirmSchema, directPreviewRequestSchema, SetupIntent } from '../../contract/billing.ts'
import type { Business } from '../../contract/businesses.ts'
import type { UpgradePreview } from '../../contract/price-plans.ts'
import { displayName } from '../accounts/display-name.ts'
import { joinAsNewMember, requireNoBusiness } from '../businesses/business-errors.ts'
import { insertBusiness, submitSignupForm } from '../businesses/create-business.ts'
import { getBusiness } from '../businesses/get-business.ts'
import { loadBillingBusiness } from '../businesses/payment-state.ts'
import { users } from '../db/schema/accounts.ts'
import { ApiError } from '../http/api-error.ts'
import { PaymentDeclinedError } from '../providers/billing/billing-provider.ts'
import { applySubscription } from './apply-subscription.ts'
import { type BillingServices, requireProviders } from './billing-services.ts'
import { customerDetails } from './ensure-customer.ts'
import { priceOrder } from './preview-upgrade.ts'
import { cardDeclined, confirmedPaymentMethod, requireVatNumber } from './upgrade-subscription.ts'

/** A user buying a plan counts as the one person of the business they open with it. */
const buyer = (country: string) => ({ businessId: null, country, people: 1, currency: null })

/**
 * POST /v2/businesses/direct_upgrade/preview: what a plan costs a user without a business who opens one
 * with it, VAT by the country it will be billed to: the one given, else the billing address of the business
 * it opens; with neither, 422 `billing.country_required` naming `country` (409 `business.already_member`
 * for a business's people).
 */
export async function previewDirectUpgrade(
  services: BillingServices,
  userId: string,
  input: v.InferOutput<typeof directPreviewRequestSchema>,
): Promise<UpgradePreview> {
  await requireNoBusiness(services.db, userId)
  const { country: given, business, ...order } = input
  const country = given ?? business?.billing.country
  if (country === undefined)
    throw new ApiError(
      422,
      'billing.country_required',
      'country: the billing country, or the business with its billing address, is needed to price the order',
      { field: 'country' },
    )
  return (await priceOrder(services, buyer(country), order, services.now())).preview
}

/**
 * POST /v2/businesses/direct_upgrade/stripe_setup_intent: a setup intent for the user as the card
 * provider's customer (made on first need and kept on the user until their business takes it over).
 */
export async function createDirectSetupIntent(
  services: BillingServices,
  userId: string,
  country: string,
): Promise<SetupIntent> {
  await requireNoBusiness(services.db, userId)
  const { cards } = requireProviders(services)
  const [user] = await services.db.select().from(users).where(eq(users.id, userId))
  let customerId = user?.billingCustomerId ?? null
  if (user && customerId === null) {
    const name = displayName(user, user.email)
    const address = { address1: '', address2: '', city: '', postalCode: '', country, vat: '' }
    customerId = await cards.createCustomer(
      customerDetails({ id: '', name, email: user.email, billing: address }),
      `customer:user:${userId}`,
    )
    await services.db
      .update(users)
      .set({ billingCustomerId: customerId })
      .where(and(eq(users.id, userId), isNull(users.billingCustomerId)))
  }
  const intent = await cards.createSetupIntent(customerId as string, `setup:user:${userId}:${randomUUID()}`)
  return { ...intent, publishableKey: cards.publishableKey }
}

/**
 * POST /v2/businesses/direct_upgrade/confirm: opens the business with the caller as its first admin and
 * subscribes it to the previewed plan, paid with the payment method the user's setup intent confirmed;
 * the customer becomes the business's, its details the business's (invoices carry them). A declined
 * payment is a 402 and opens nothing; the business never has a trial.
 */
export async function confirmDirectUpgrade(
  services: BillingServices,
  userId: string,
  input: v.InferOutput<typeof directConfirmSchema>,
): Promise<Business> {
  await requireNoBusiness(services.db, userId)
  const { cards, subscriptions } = requireProviders(services)
  const now = services.now()
  const { business: company, setupIntentId, ...order } = input
  const { promotion } = await priceOrder(services, buyer(company.billing.country), order, now)
  requireVatNumber(company.billing)
  const [user] = await services.db.select().from(users).where(eq(users.id, userId))
  const customerId = user?.billingCustomerId ?? null
  const method = await confirmedPaymentMethod(services, customerId, setupIntentId)
  const id = randomUUID()
  const customer = customerId as string
  await cards.updateCustomer(customer, customerDetails({ id, ...company }), `details:${id}`)
  await cards.setDefaultPaymentMethod(customer, method.id, `default:${setupIntentId}`)
  const subscription = await subscriptions
    .createSubscription(
      {
        customerId: customer,
        paymentMethodId: method.id,
        price: { plan: order.plan, cycle: order.cycle, currency: order.currency },
        seats: order.amountSeats,
        promoCode: promotion?.code ?? null,
        trialEnd: null,
      },
      `direct:${userId}:${method.id}:${order.plan}:${order.cycle}:${order.amountSeats}`,
    )
    .catch((error: unknown) => {
      throw error instanceof PaymentDeclinedError ? cardDeclined(error) : error
    })
  await joinAsNewMember(services.db, userId, async (tx) => {
    await insertBusiness(
      tx,
      { id, userId, input: company, now },
      { customerId: customer, currency: order.currency },
    )
    await tx.update(users).set({ billingCustomerId: null }).where(eq(users.id, userId))
    await applySubscription(services, tx, await loadBillingBusiness(tx, id, true), subscription)
    if (services.marketingForms) await submitSignupForm(services, tx, userId, company)
  })
  services.jobs.wake()
  return getBusiness(services.db, now, userId, id)
}
