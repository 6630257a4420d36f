import { and, desc, eq, inArray } from 'drizzle-orm'
import type { IdentificationPayment, IdentificationPaymentStart } from '../../contract/identification.ts'
import { amountIn, type Currency } from '../../contract/price-plans.ts'
import { type Legislation, legislations } from '../../machines/identification/identification.types.ts'
import { findPerson } from '../accounts/find-person.ts'
import { cardDeclined } from '../billing/upgrade-subscription.ts'
import type { Database } from '../db/open-database.ts'
import { pricePlans } from '../db/schema/billing.ts'
import { identificationPayments } from '../db/schema/identification.ts'
import { ApiError } from '../http/api-error.ts'
import { PaymentDeclinedError } from '../providers/billing/billing-provider.ts'
import { identificationPaymentMetadata } from '../providers/billing/charge-provider.ts'
import { isCovered } from './find-identification.ts'
import { isCoveredFor, licencesOf } from './identification-licences.ts'
import { identificationRequestLegislation } from './identification-request.ts'
import type { IdentificationOwner, IdentificationServices } from './identification-services.ts'
import { applyChargeStatus } from './sync-identification-payment.ts'

/** The plan whose identification licence price someone without a business pays. */
const individualPlan = 'individual'

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The `{id}` of a payment path as a legislation; 404 naming it otherwise. */
function paymentLegislation(legislation: string): Legislation {
  const known = legislations.find((name) => name === legislation)
  if (known === undefined)
    throw new ApiError(404, 'identification.not_found', `No identification legislation '${legislation}'`)
  return known
}

/**
 * The `{id}` of GET .../identification/payment/{id} (SPEC §7): a legislation, or the id of a signature request
 * the caller may see, which stands for its legislation.
 */
export async function coverageLegislation(
  db: Database,
  owner: IdentificationOwner,
  id: string,
): Promise<Legislation> {
  return uuidPattern.test(id) ? identificationRequestLegislation(db, owner, id) : paymentLegislation(id)
}

/**
 * GET /v1/user/identification/payment/{id}, for the legislation {@link coverageLegislation} reads: `covered`
 * when a business in good standing pays for the owner's identification or the owner holds a paid licence of
 * the legislation that is neither used nor held by an identification under way (`covered_by` says which);
 * otherwise
 * the price of one identification licence of the legislation, in minor units, in the user's currency (CHF for
 * de-ch and fr-ch, EUR otherwise, SPEC §9), and whether a licence paid for is still processing at the bank.
 */
export async function identificationPayment(
  db: Database,
  owner: IdentificationOwner,
  known: Legislation,
  now: Date,
): Promise<IdentificationPayment> {
  if (await isCovered(db, owner, now))
    return { covered: true, amount: null, currency: null, coveredBy: 'business', processing: false }
  if (await isCoveredFor(db, owner, known, now))
    return { covered: true, amount: null, currency: null, coveredBy: 'licence', processing: false }
  const processing = (await processingPayment(db, owner, known)) !== undefined
  return { covered: false, ...(await licencePrice(db, owner, known)), coveredBy: null, processing }
}

/** The owner's licence payment of the legislation that is processing at the bank, if any. */
async function processingPayment(db: Database, owner: IdentificationOwner, legislation: Legislation) {
  const [payment] = await db
    .select({ id: identificationPayments.id })
    .from(identificationPayments)
    .where(
      and(
        licencesOf(owner),
        eq(identificationPayments.legislation, legislation),
        eq(identificationPayments.status, 'processing'),
      ),
    )
    .limit(1)
  return payment
}

async function licencePrice(db: Database, owner: IdentificationOwner, legislation: Legislation) {
  const [plan] = await db.select().from(pricePlans).where(eq(pricePlans.id, individualPlan))
  if (plan === undefined) throw new ApiError(503, 'server.unavailable', 'No identification price is set up')
  const currency = await currencyOf(db, owner)
  return { amount: amountIn(plan.identPrices[legislation], currency), currency }
}

function requireCharges(services: Pick<IdentificationServices, 'charges'>) {
  if (services.charges === null)
    throw new ApiError(503, 'billing.unavailable', 'Payments are not set up on this server')
  return services.charges
}

/**
 * POST .../identification/payment/{legislation}: starts paying for one licence of the legislation at the card
 * provider, for someone not covered (409 when covered, or while a licence paid for is processing at the bank).
 * The owner's unpaid payment of the same price is answered again (a second click, a declined card tried
 * again), so one licence is never charged twice.
 */
export async function startIdentificationPayment(
  services: IdentificationServices,
  owner: IdentificationOwner,
  legislation: string,
): Promise<IdentificationPaymentStart> {
  const { db } = services
  const known = paymentLegislation(legislation)
  const now = services.now()
  if (await isCoveredFor(db, owner, known, now))
    throw new ApiError(
      409,
      'identification.covered',
      `Your identification under ${known} is paid for already`,
    )
  if ((await processingPayment(db, owner, known)) !== undefined)
    throw new ApiError(
      409,
      'identification.payment_processing',
      `Your payment for an identification under ${known} is being processed by your bank`,
    )
  const charges = requireCharges(services)
  const { amount, currency } = await licencePrice(db, owner, known)
  const [unpaid] = await db
    .select()
    .from(identificationPayments)
    .where(
      and(
        licencesOf(owner),
        eq(identificationPayments.legislation, known),
        eq(identificationPayments.amount, amount),
        eq(identificationPayments.currency, currency),
        inArray(identificationPayments.status, ['pending', 'failed']),
      ),
    )
    .orderBy(desc(identificationPayments.createdAt))
    .limit(1)
  const payment =
    unpaid ??
    (
      await db
        .insert(identificationPayments)
        .values({
          userId: owner.kind === 'user' ? owner.userId : null,
          signatureId: owner.kind === 'direct' ? owner.signatureId : null,
          legislation: known,
          amount,
          currency,
          status: 'pending',
          createdAt: now,
        })
        .returning()
    )[0]
  if (payment === undefined) throw new Error('identification payment: the insert answered no row')
  const charge = await charges.createCharge(
    {
      amount,
      currency,
      description: `Identification licence (${known})`,
      metadata: { [identificationPaymentMetadata]: payment.id, legislation: known },
    },
    `identification-payment:${payment.id}`,
  )
  if (payment.providerPaymentId !== charge.id)
    await db
      .update(identificationPayments)
      .set({ providerPaymentId: charge.id })
      .where(eq(identificationPayments.id, payment.id))
  return {
    id: payment.id,
    amount,
    currency,
    intent: {
      id: charge.intentId,
      clientSecret: charge.clientSecret,
      publishableKey: charges.publishableKey,
    },
  }
}

/**
 * POST .../identification/payment/{legislation}/{paymentId}/confirm: once the card form confirmed the
 * intent, the provider charges it (sandbox) or says how the browser's payment went (Stripe). Paid: the
 * licence covers the owner. Processing at the bank: the answer says so, and the card provider's webhook settles
 * it later. Declined: 402 `billing.card_declined`, nothing paid, and the same payment can be
 * tried again with another card. Another owner's payment, or one of another legislation, is 404.
 */
export async function confirmIdentificationPayment(
  services: IdentificationServices,
  owner: IdentificationOwner,
  legislation: string,
  paymentId: string,
  intentId: string,
): Promise<IdentificationPayment> {
  const { db } = services
  const known = paymentLegislation(legislation)
  const notFound = () =>
    new ApiError(404, 'identification.not_found', 'No identification payment of yours with this id')
  if (!uuidPattern.test(paymentId)) throw notFound()
  const [payment] = await db
    .select()
    .from(identificationPayments)
    .where(
      and(
        eq(identificationPayments.id, paymentId),
        licencesOf(owner),
        eq(identificationPayments.legislation, known),
      ),
    )
  if (payment === undefined) throw notFound()
  if (payment.status === 'paid' || payment.status === 'used' || payment.providerPaymentId === null)
    return identificationPayment(db, owner, known, services.now())
  const charges = requireCharges(services)
  let outcome: Awaited<ReturnType<typeof charges.confirmCharge>>
  try {
    outcome = await charges.confirmCharge(
      payment.providerPaymentId,
      intentId,
      `identification-payment-confirm:${payment.id}`,
    )
  } catch (error) {
    if (!(error instanceof PaymentDeclinedError)) throw error
    await applyChargeStatus(db, payment.providerPaymentId, 'failed', services.now())
    throw cardDeclined(error)
  }
  // Processing: the bank answers later, and the provider's webhook then marks the payment paid or failed.
  await applyChargeStatus(db, payment.providerPaymentId, outcome, services.now())
  return identificationPayment(db, owner, known, services.now())
}

async function currencyOf(db: Database, owner: IdentificationOwner): Promise<Currency> {
  if (owner.kind !== 'user') return 'EUR'
  const lang = (await findPerson(db, owner))?.attributes.lang?.[0]
  return lang === 'de-ch' || lang === 'fr-ch' ? 'CHF' : 'EUR'
}
