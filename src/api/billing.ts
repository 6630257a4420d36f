import { queryOptions } from '@tanstack/react-query'
import * as v from 'valibot'
import {
  billingPaths,
  customExtrasSchema,
  type DirectConfirm,
  directConfirmSchema,
  directPreviewRequestSchema,
  invoicesSchema,
  paymentMethodsSchema,
  type SeatsPreview,
  seatsPreviewSchema,
  setupIntentSchema,
  usageSchema,
} from '../../contract/billing.ts'
import { businessSchema } from '../../contract/businesses.ts'
import {
  pricePlansSchema,
  type UpgradePreviewRequest,
  upgradePreviewRequestSchema,
  upgradePreviewSchema,
} from '../../contract/price-plans.ts'
import { businessKey, once } from './business.ts'
import type { ApiClient } from './client.ts'

/** GET /v2/businesses/price_plans: the plans and their prices; they change seldom. */
export function pricePlansQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: ['price-plans'],
    queryFn: async () => v.parse(pricePlansSchema, await api.request(billingPaths.pricePlans())).plans,
    staleTime: 60 * 60 * 1000,
  })
}

/** POST .../subscriptions/upgrade/preview: what a plan costs the business, period by period. */
export function upgradePreviewQueryOptions(api: ApiClient, id: string, request: UpgradePreviewRequest) {
  return queryOptions({
    queryKey: [...businessKey(id), 'upgrade-preview', request],
    queryFn: async () =>
      v.parse(
        upgradePreviewSchema,
        await api.request(billingPaths.upgradePreview(id), {
          method: 'POST',
          body: v.parse(upgradePreviewRequestSchema, request),
          ...once,
        }),
      ),
    staleTime: 60_000,
    retry: false,
  })
}

/** POST /v2/businesses/direct_upgrade/preview: a plan priced for a user who opens a business with it. */
export function directPreviewQueryOptions(
  api: ApiClient,
  request: v.InferInput<typeof directPreviewRequestSchema>,
) {
  return queryOptions({
    queryKey: ['direct-upgrade', 'preview', request],
    queryFn: async () =>
      v.parse(
        upgradePreviewSchema,
        await api.request(billingPaths.directPreview(), {
          method: 'POST',
          body: v.parse(directPreviewRequestSchema, request),
          ...once,
        }),
      ),
    staleTime: 60_000,
    retry: false,
  })
}

/** POST /v2/businesses/direct_upgrade/stripe_setup_intent: a setup for the buyer before the business exists. */
export async function createDirectSetupIntent(api: ApiClient, country: string) {
  const answer = await api.request(billingPaths.directSetupIntent(), {
    method: 'POST',
    body: { country },
    ...once,
  })
  return v.parse(setupIntentSchema, answer)
}

/** POST /v2/businesses/direct_upgrade/confirm: opens the business, subscribed; answers it. */
export async function confirmDirectUpgrade(api: ApiClient, body: DirectConfirm) {
  const answer = await api.request(billingPaths.directConfirm(), {
    method: 'POST',
    body: v.parse(directConfirmSchema, body),
    ...once,
  })
  return v.parse(businessSchema, answer)
}

/** GET .../subscriptions/usage: the subscription and the seats taken. */
export function usageQueryOptions(api: ApiClient, id: string) {
  return queryOptions({
    queryKey: [...businessKey(id), 'usage'],
    queryFn: async () => v.parse(usageSchema, await api.request(billingPaths.usage(id))),
  })
}

/** GET /v1/businesses/{id}/billing/payment: the cards and SEPA debits on file. */
export function paymentMethodsQueryOptions(api: ApiClient, id: string) {
  return queryOptions({
    queryKey: [...businessKey(id), 'payment-methods'],
    queryFn: async () => v.parse(paymentMethodsSchema, await api.request(billingPaths.payment(id))),
  })
}

/** GET /v2/businesses/{id}/customextras: what the plan charges beyond its seats. */
export function customExtrasQueryOptions(api: ApiClient, id: string) {
  return queryOptions({
    queryKey: [...businessKey(id), 'custom-extras'],
    queryFn: async () => v.parse(customExtrasSchema, await api.request(billingPaths.customExtras(id))),
  })
}

/** GET /v2/businesses/{id}/invoices. */
export function invoicesQueryOptions(api: ApiClient, id: string) {
  return queryOptions({
    queryKey: [...businessKey(id), 'invoices'],
    queryFn: async () => v.parse(invoicesSchema, await api.request(billingPaths.invoices(id))).invoices,
  })
}

/** POST .../subscriptions/stripe_setup_intent: the provider's setup for one card or SEPA mandate. */
export async function createSetupIntent(api: ApiClient, id: string, country: string) {
  const answer = await api.request(billingPaths.setupIntent(id), {
    method: 'POST',
    body: { country },
    ...once,
  })
  return v.parse(setupIntentSchema, answer)
}

/** What the sandbox card form hands the sandbox provider, as Stripe.js hands Stripe the card. */
export type SandboxPaymentDetails =
  | { card: { number: string; expMonth: number; expYear: number; cvc: string } }
  | { sepaDebit: { iban: string; name: string } }

/** POST /api/sandbox/billing/confirm: confirms a setup intent with a test card or IBAN. */
export async function confirmSandboxSetup(
  api: ApiClient,
  clientSecret: string,
  details: SandboxPaymentDetails,
) {
  await api.request(billingPaths.sandboxConfirm(), {
    method: 'POST',
    body: { clientSecret, ...details },
    ...once,
  })
}

/** PUT .../subscriptions/upgrade: subscribes with the confirmed payment method; answers the business. */
export async function upgradeSubscription(
  api: ApiClient,
  id: string,
  body: UpgradePreviewRequest & { setupIntentId: string },
) {
  return v.parse(
    businessSchema,
    await api.request(billingPaths.upgrade(id), { method: 'PUT', body, ...once }),
  )
}

/** POST .../billing/setup-intent/{intentId}: renewals (and anything unpaid) go to its payment method. */
export async function replacePaymentMethod(
  api: ApiClient,
  id: string,
  setupIntentId: string,
  country: string,
) {
  const answer = await api.request(billingPaths.legacySetupIntentConfirm(id, setupIntentId), {
    method: 'POST',
    body: { country },
    ...once,
  })
  return v.parse(paymentMethodsSchema, answer)
}

/** POST .../subscriptions/seats/preview. */
export async function previewSeats(api: ApiClient, id: string, seats: number): Promise<SeatsPreview> {
  const answer = await api.request(billingPaths.seatsPreview(id), {
    method: 'POST',
    body: { seats },
    ...once,
  })
  return v.parse(seatsPreviewSchema, answer)
}

/** PUT .../subscriptions/seats with the preview's timestamp. */
export async function changeSeats(api: ApiClient, id: string, seats: number, timestamp: string) {
  const answer = await api.request(billingPaths.seats(id), {
    method: 'PUT',
    body: { seats, timestamp },
    ...once,
  })
  return v.parse(businessSchema, answer)
}

/** PUT /v2/businesses/{id}/base: another plan or cycle, at the time of the price shown. */
export async function changePlan(
  api: ApiClient,
  id: string,
  body: { plan: string; cycle: 'monthly' | 'yearly'; timestamp: string },
) {
  return v.parse(businessSchema, await api.request(billingPaths.base(id), { method: 'PUT', body, ...once }))
}

/** The subscription changes of SPEC §4 that have no body: cancel the trial or the subscription, reactivate. */
export type SubscriptionChange = 'cancelTrial' | 'cancelSubscription' | 'reactivateSubscription'

/** POST .../cancel-trial, .../cancel-subscription or .../reactivate-subscription; answers the business. */
export async function changeSubscription(api: ApiClient, id: string, change: SubscriptionChange) {
  return v.parse(businessSchema, await api.request(billingPaths[change](id), { method: 'POST', ...once }))
}
