import type { BusinessServices } from '../businesses/business-services.ts'
import { ApiError } from '../http/api-error.ts'
import type {
  CardProvider,
  ProviderEvent,
  SubscriptionProvider,
} from '../providers/billing/billing-provider.ts'
import type { SandboxBillingProvider } from '../providers/billing/sandbox-billing-provider.ts'

/** The card and subscription providers this server bills with (Stripe, or its sandbox outside production). */
export type BillingProviders = {
  cards: CardProvider
  subscriptions: SubscriptionProvider
  /** The sandbox, whose card form the app shows when there is no Stripe; null with Stripe. */
  sandbox: SandboxBillingProvider | null
  /** Checks a webhook's signature over the raw body at `now`; throws when it does not hold. */
  verifyWebhook: ((rawBody: string, signature: string | undefined, now: Date) => ProviderEvent) | null
}

/** What the billing operations work with. */
export type BillingServices = BusinessServices & { billing: BillingProviders | null }

/** The providers, or 503 `billing.unavailable` on a production server without Stripe. */
export function requireProviders(services: Pick<BillingServices, 'billing'>): BillingProviders {
  if (services.billing === null) {
    throw new ApiError(503, 'billing.unavailable', 'Billing is not set up on this server')
  }
  return services.billing
}
