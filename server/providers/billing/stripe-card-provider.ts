import Stripe from 'stripe'
import {
  type CardProvider,
  PaymentDeclinedError,
  type ProviderCustomerDetails,
  type ProviderPaymentMethod,
  type ProviderSetupIntent,
} from './billing-provider.ts'
import {
  createStripeClient,
  declinesAsPaymentDeclined,
  portalUrl,
  type StripeConnection,
} from './stripe-client.ts'
import { customerParams, toPaymentMethod, vatType } from './stripe-mapping.ts'

/** The card provider on Stripe: customers, SetupIntents and their payment methods, the customer portal. */
export class StripeCardProvider implements CardProvider {
  readonly name = 'stripe'
  readonly publishableKey: string
  private readonly stripe: Stripe

  constructor(
    options: StripeConnection & {
      /** The publishable key handed to Stripe Elements in the browser (`pk_…`). */
      publishableKey: string
    },
  ) {
    this.publishableKey = options.publishableKey
    this.stripe = createStripeClient(options)
  }

  async createCustomer(details: ProviderCustomerDetails, idempotencyKey: string): Promise<string> {
    const vat = details.vat.trim()
    const customer = await this.stripe.customers.create(
      {
        ...customerParams(details),
        tax_id_data: vat === '' ? undefined : [{ type: vatType(vat), value: vat }],
      },
      { idempotencyKey },
    )
    return customer.id
  }

  async updateCustomer(
    customerId: string,
    details: ProviderCustomerDetails,
    idempotencyKey: string,
  ): Promise<void> {
    // Tax ids are separate objects at Stripe (created or deleted, never updated), so a changed VAT number
    // is not carried over here.
    await this.stripe.customers.update(customerId, customerParams(details), { idempotencyKey })
  }

  async createSetupIntent(customerId: string, idempotencyKey: string): Promise<ProviderSetupIntent> {
    const intent = await this.stripe.setupIntents.create(
      {
        customer: customerId,
        usage: 'off_session',
        // Named `payment_method_types` before API version 2026-09-30.
        allowed_payment_method_types: ['card', 'sepa_debit'],
      },
      { idempotencyKey },
    )
    if (intent.client_secret === null) throw new Error(`setup intent ${intent.id} has no client secret`)
    return { id: intent.id, clientSecret: intent.client_secret }
  }

  async setupIntentPaymentMethod(
    setupIntentId: string,
    customerId: string,
  ): Promise<ProviderPaymentMethod | null> {
    const intent = await this.stripe.setupIntents
      .retrieve(setupIntentId, { expand: ['payment_method'] })
      .catch((error: unknown) => {
        // An id that is not a setup intent of this account is no confirmed payment method, not a failure.
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing')
          return null
        throw error
      })
    const owner = typeof intent?.customer === 'string' ? intent.customer : intent?.customer?.id
    if (intent === null || intent.status !== 'succeeded' || owner !== customerId) return null
    const method = typeof intent.payment_method === 'object' ? intent.payment_method : null
    const mapped = method && toPaymentMethod(method)
    if (!mapped) throw new Error(`setup intent ${setupIntentId} confirmed no card or SEPA debit`)
    return mapped
  }

  async setDefaultPaymentMethod(
    customerId: string,
    paymentMethodId: string,
    idempotencyKey: string,
  ): Promise<void> {
    // The SetupIntent already attached the method to the customer; this only makes renewals use it.
    await this.stripe.customers.update(
      customerId,
      { invoice_settings: { default_payment_method: paymentMethodId } },
      { idempotencyKey },
    )
    // Stripe would only retry an unpaid renewal on its own schedule: the admin who gave a new card expects
    // the debt paid now. A card that fails again leaves the invoice open; the webhook reports it.
    const open = await this.stripe.invoices.list({ customer: customerId, status: 'open', limit: 10 })
    for (const invoice of open.data) {
      if (!invoice.id) continue
      await declinesAsPaymentDeclined(
        this.stripe.invoices.pay(
          invoice.id,
          { payment_method: paymentMethodId },
          { idempotencyKey: `${idempotencyKey}:${invoice.id}` },
        ),
      ).catch((error: unknown) => {
        if (!(error instanceof PaymentDeclinedError)) throw error
      })
    }
  }

  async defaultPaymentMethod(customerId: string): Promise<string | null> {
    const customer = await this.stripe.customers.retrieve(customerId)
    if (customer.deleted) return null
    const method = customer.invoice_settings.default_payment_method
    return typeof method === 'string' ? method : (method?.id ?? null)
  }

  async listPaymentMethods(customerId: string): Promise<ProviderPaymentMethod[]> {
    // Without `type` Stripe lists every kind; only the two we set up are kept.
    const methods = await this.stripe.paymentMethods.list({ customer: customerId, limit: 100 })
    return methods.data.flatMap((method) => toPaymentMethod(method) ?? [])
  }

  customerSessionUrl(customerId: string, returnUrl: string): Promise<string> {
    return portalUrl(this.stripe, customerId, returnUrl)
  }
}
