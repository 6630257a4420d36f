import { eq } from 'drizzle-orm'
import type { IdentificationPayment } from '../../contract/identification.ts'
import { amountIn, type Currency } from '../../contract/price-plans.ts'
import { legislations } from '../../machines/identification/identification.types.ts'
import type { Database } from '../db/open-database.ts'
import { pricePlans, users } from '../db/schema.ts'
import { ApiError } from '../http/api-error.ts'
import { isCovered } from './find-identification.ts'
import type { IdentificationOwner } from './identification-services.ts'

/** The plan whose identification licence price someone without a business pays. */
const individualPlan = 'individual'

/**
 * GET /v1/user/identification/payment/{legislation}: `covered` when a business in good standing pays for
 * the owner's identification; otherwise the price of one identification licence of the legislation, in
 * minor units, in the user's currency (CHF for de-ch and fr-ch, EUR otherwise, SPEC §9). Paying it is a
 * later step; the answer only tells the app what it would cost.
 */
export async function identificationPayment(
  db: Database,
  owner: IdentificationOwner,
  legislation: string,
  now: Date,
): Promise<IdentificationPayment> {
  const known = legislations.find((name) => name === legislation)
  if (known === undefined)
    throw new ApiError(404, 'identification.not_found', `No identification legislation '${legislation}'`)
  if (await isCovered(db, owner, now)) return { covered: true, amount: null, currency: null }
  const [plan] = await db.select().from(pricePlans).where(eq(pricePlans.id, individualPlan))
  if (plan === undefined) throw new ApiError(503, 'server.unavailable', 'No identification price is set up')
  const currency = await currencyOf(db, owner)
  return { covered: false, amount: amountIn(plan.identPrices[known], currency), currency }
}

async function currencyOf(db: Database, owner: IdentificationOwner): Promise<Currency> {
  if (owner.kind !== 'user') return 'EUR'
  const [user] = await db
    .select({ attributes: users.attributes })
    .from(users)
    .where(eq(users.id, owner.userId))
  const lang = user?.attributes.lang?.[0]
  return lang === 'de-ch' || lang === 'fr-ch' ? 'CHF' : 'EUR'
}
