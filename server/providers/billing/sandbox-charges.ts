import { createHash } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { Currency } from '../../../contract/price-plans.ts'
import type { Database } from '../../db/open-database.ts'
import { sandboxBillingObjects } from '../../db/schema/billing.ts'
import { PaymentDeclinedError } from './billing-provider.ts'
import type {
  ChargeInput,
  ChargeOutcome,
  ChargeProvider,
  ChargeStatus,
  ProviderCharge,
} from './charge-provider.ts'
import type { SandboxBillingProvider } from './sandbox-billing-provider.ts'

type StoredCharge = {
  id: string
  amount: number
  currency: Currency
  description: string
  metadata: Record<string, string>
  /** The sandbox card setup the browser's card form confirms. */
  setupIntentId: string
  clientSecret: string
  status: 'requires_payment_method' | 'succeeded'
  paymentMethod: string | null
}

const chargeKind = 'payment_intent'

/** The pseudo customer a charge's card setup belongs to: the payer is no customer. */
const payerOf = (chargeId: string) => `payer_${chargeId}`

/**
 * One-off charges outside production: the card is taken by the sandbox billing provider's own card setup
 * (the same test numbers, expiry and security code checks as a business's card), then charged here as
 * Stripe charges its test cards: 4242… pays, 4000 0000 0000 9995 and 0341 are saved but declined when
 * charged, 0002 is refused at once. Charges live beside the sandbox's other objects in our database.
 */
export class SandboxCharges implements ChargeProvider {
  readonly publishableKey = null
  readonly #db: Database
  readonly #cards: SandboxBillingProvider
  readonly #now: () => Date

  constructor(options: { db: Database; cards: SandboxBillingProvider; now: () => Date }) {
    this.#db = options.db
    this.#cards = options.cards
    this.#now = options.now
  }

  async #read(id: string): Promise<StoredCharge | null> {
    const [row] = await this.#db
      .select({ data: sandboxBillingObjects.data })
      .from(sandboxBillingObjects)
      .where(and(eq(sandboxBillingObjects.id, id), eq(sandboxBillingObjects.kind, chargeKind)))
    return (row?.data as StoredCharge | undefined) ?? null
  }

  async #write(charge: StoredCharge): Promise<void> {
    await this.#db
      .insert(sandboxBillingObjects)
      .values({ id: charge.id, kind: chargeKind, customerId: null, data: charge, createdAt: this.#now() })
      .onConflictDoUpdate({ target: sandboxBillingObjects.id, set: { data: charge } })
  }

  async createCharge(input: ChargeInput, idempotencyKey: string): Promise<ProviderCharge> {
    // The key names the charge, so a retry finds the first one instead of making a second.
    const id = `pi_sandbox_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24)}`
    const existing = await this.#read(id)
    if (existing !== null)
      return { id, intentId: existing.setupIntentId, clientSecret: existing.clientSecret }
    const setup = await this.#cards.createSetupIntent(payerOf(id), `${idempotencyKey}:card`)
    await this.#write({
      id,
      ...input,
      setupIntentId: setup.id,
      clientSecret: setup.clientSecret,
      status: 'requires_payment_method',
      paymentMethod: null,
    })
    return { id, intentId: setup.id, clientSecret: setup.clientSecret }
  }

  async confirmCharge(chargeId: string, intentId: string, _idempotencyKey: string): Promise<ChargeOutcome> {
    const charge = await this.#read(chargeId)
    if (charge === null) throw new PaymentDeclinedError('resource_missing', 'No such charge')
    if (charge.status === 'succeeded') return 'paid'
    if (intentId !== charge.setupIntentId)
      throw new PaymentDeclinedError('payment_method_missing', 'No card was given for this charge')
    const method = await this.#cards.setupIntentPaymentMethod(intentId, payerOf(chargeId))
    if (method === null)
      throw new PaymentDeclinedError('payment_method_missing', 'No card was given for this charge')
    // The sandbox keeps how a test card behaves when charged beside the card it saved.
    const [saved] = await this.#db
      .select({ data: sandboxBillingObjects.data })
      .from(sandboxBillingObjects)
      .where(and(eq(sandboxBillingObjects.id, method.id), eq(sandboxBillingObjects.kind, 'payment_method')))
    const declines = saved?.data.declines
    if (typeof declines === 'string') throw new PaymentDeclinedError(declines, 'The card was declined')
    await this.#write({ ...charge, status: 'succeeded', paymentMethod: method.id })
    return 'paid'
  }

  async chargeStatus(chargeId: string): Promise<ChargeStatus> {
    return (await this.#read(chargeId))?.status === 'succeeded' ? 'paid' : 'open'
  }
}
