import type { AppConfig } from '../config.ts'
import type { Database } from '../db/open-database.ts'
import type { JobQueue } from '../jobs/job-queue.ts'
import type { ChargeProvider } from '../providers/billing/charge-provider.ts'
import { SandboxBillingProvider } from '../providers/billing/sandbox-billing-provider.ts'
import { SandboxCharges } from '../providers/billing/sandbox-charges.ts'
import { StripeCardProvider } from '../providers/billing/stripe-card-provider.ts'
import { StripeCharges } from '../providers/billing/stripe-charges.ts'
import { StripeSubscriptionProvider } from '../providers/billing/stripe-subscription-provider.ts'
import { verifyStripeWebhook } from '../providers/billing/stripe-webhook.ts'
import type { BillingProviders } from './billing-services.ts'
import { recordProviderEvent } from './provider-events.ts'

/**
 * Stripe when STRIPE_* are set; otherwise the sandbox outside production, and no billing in production
 * (its calls answer 503) rather than a sandbox that would take no money.
 */
export function createBillingProviders(
  config: AppConfig,
  services: { db: Database; now: () => Date; jobs: Pick<JobQueue, 'enqueue' | 'wake'> },
): BillingProviders | null {
  if (config.stripe !== undefined) {
    const { webhookSecret } = config.stripe
    return {
      cards: new StripeCardProvider(config.stripe),
      subscriptions: new StripeSubscriptionProvider(config.stripe),
      sandbox: null,
      verifyWebhook: (raw, signature, now) => verifyStripeWebhook(raw, signature, webhookSecret, now),
    }
  }
  if (config.appMode === 'production') return null
  const sandbox = new SandboxBillingProvider({
    ...services,
    // The sandbox's events are Stripe's webhooks without the network: kept once, then synced by a job.
    notify: (writer, event) => recordProviderEvent(writer, services.jobs, event, services.now()),
  })
  return { cards: sandbox, subscriptions: sandbox, sandbox, verifyWebhook: null }
}

/**
 * One-off charges (identification licences): PaymentIntents when STRIPE_* are set, else charges of the
 * billing sandbox's test cards; none when there is neither (production without Stripe).
 */
export function createChargeProvider(
  config: AppConfig,
  services: { db: Database; now: () => Date },
  billing: BillingProviders | null,
): ChargeProvider | null {
  if (config.stripe !== undefined) return new StripeCharges(config.stripe)
  return billing?.sandbox ? new SandboxCharges({ ...services, cards: billing.sandbox }) : null
}
