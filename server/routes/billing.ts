import { Hono } from 'hono'
import {
  basePlanSchema,
  billingInformationSchema,
  billingPaths,
  customExtrasSchema,
  directConfirmSchema,
  directPreviewRequestSchema,
  fairFlatMigrationSchema,
  invoicesSchema,
  paymentMethodsSchema,
  promotionSchema,
  referralCodeSchema,
  sandboxConfirmSchema,
  seatsChangeRequestSchema,
  seatsPreviewRequestSchema,
  seatsPreviewSchema,
  setupIntentRequestSchema,
  setupIntentSchema,
  upgradeRequestSchema,
  usageSchema,
  validatePromoRequestSchema,
} from '../../contract/billing.ts'
import { businessSchema } from '../../contract/businesses.ts'
import {
  adminOnly,
  billingProvider,
  created,
  file,
  noContent,
  ok,
  redirect,
  transition,
} from '../../contract/openapi/operation.ts'
import { unnamedSchemas } from '../../contract/openapi/unnamed-schemas.ts'
import { upgradePreviewRequestSchema, upgradePreviewSchema } from '../../contract/price-plans.ts'
import { attributesCase, userSchema } from '../../contract/user.ts'
import type { AccountServices } from '../accounts/account-services.ts'
import { getUser } from '../accounts/get-user.ts'
import { type BillingServices, requireProviders } from '../billing/billing-services.ts'
import { changePlan } from '../billing/change-plan.ts'
import { cancelTrial, setSubscriptionCancelled } from '../billing/change-subscription.ts'
import { customExtras } from '../billing/custom-extras.ts'
import {
  confirmDirectUpgrade,
  createDirectSetupIntent,
  previewDirectUpgrade,
} from '../billing/direct-upgrade.ts'
import { ensureCustomer } from '../billing/ensure-customer.ts'
import { previewFairFlatMigration } from '../billing/fair-flat-migration.ts'
import { migrateToNewFreePlan } from '../billing/free-migration.ts'
import { downgradeToFreePlan } from '../billing/free-plan-downgrade.ts'
import { invoicePdf, listInvoices } from '../billing/invoices.ts'
import { billingInformation, listPaymentMethods, replacePaymentMethod } from '../billing/payment-methods.ts'
import { previewPlanSwitch } from '../billing/preview-plan-switch.ts'
import { priceUpgrade } from '../billing/preview-upgrade.ts'
import { findApplicablePromotion, promotionView } from '../billing/promotions.ts'
import { recordProviderEvent } from '../billing/provider-events.ts'
import { changeSeats, previewSeats, subscriptionUsage } from '../billing/seats.ts'
import type { Seller } from '../billing/seller.ts'
import { cardDeclined, createSetupIntent, upgradeSubscription } from '../billing/upgrade-subscription.ts'
import { getBusiness } from '../businesses/get-business.ts'
import { currentPaymentMethod, loadBillingBusiness } from '../businesses/payment-state.ts'
import { requireBusinessAdmin } from '../businesses/require-business-role.ts'
import { ApiError } from '../http/api-error.ts'
import { type ApiKeyMode, type AuthEnv, authenticate } from '../http/authenticate.ts'
import { describeRoute } from '../http/describe-route.ts'
import { jsonBody } from '../http/json-body.ts'
import { sendJson } from '../http/send-json.ts'
import { PaymentDeclinedError } from '../providers/billing/billing-provider.ts'

const v1 = '/v1/businesses/:id'
const v2 = '/v2/businesses/:id'

/**
 * Billing (SPEC §7 Payments, Legacy billing and the billing calls of Businesses): admins only, each change
 * checked by the business payment machine; the provider's webhooks; outside production, the sandbox's
 * stand-in for what Stripe.js does in the browser.
 */
export function createBillingRoutes(
  services: BillingServices &
    ApiKeyMode & { seller: Seller | null } & Pick<AccountServices, 'demoQualifiedSigning'>,
): Hono<AuthEnv> {
  const { db } = services
  const requireAuth = authenticate(services)
  const requireAdmin = requireBusinessAdmin(db)
  const business = async (c: {
    get: (key: 'auth') => { userId: string }
    req: { param: (key: 'id') => string }
  }) => getBusiness(db, services.now(), c.get('auth').userId, c.req.param('id'))
  const routes = new Hono<AuthEnv>()
    .post(
      `${v2}/subscriptions/upgrade/preview`,
      requireAuth,
      requireAdmin,
      jsonBody(upgradePreviewRequestSchema),
      describeRoute({
        summary: 'What a plan would cost the business, period by period',
        tag: 'Billing',
        auth: 'account',
        answers: [ok(upgradePreviewSchema)],
        errors: {
          ...adminOnly,
          422: [
            'billing.plan_unavailable',
            'billing.seats_out_of_range',
            'billing.code_unknown',
            'billing.currency_fixed',
          ],
        },
      }),
      async (c) => {
        const now = services.now()
        const { preview } = await priceUpgrade(services, c.req.param('id'), c.req.valid('json'), now)
        const planSwitch = await previewPlanSwitch(services, c.req.param('id'), c.req.valid('json'), now)
        return sendJson(c, { ...preview, planSwitch })
      },
    )
    .post(
      billingPaths.directPreview(),
      requireAuth,
      jsonBody(directPreviewRequestSchema),
      describeRoute({
        summary: 'What a plan would cost, for a user without a business',
        description:
          'VAT follows `country`, else the billing address of `business`, the business the upgrade opens; with neither, 422 `billing.country_required`.',
        tag: 'Billing',
        auth: 'account',
        answers: [ok(upgradePreviewSchema)],
        errors: {
          422: [
            'billing.plan_unavailable',
            'billing.seats_out_of_range',
            'billing.code_unknown',
            'billing.country_required',
          ],
        },
      }),
      async (c) =>
        sendJson(c, await previewDirectUpgrade(services, c.get('auth').userId, c.req.valid('json'))),
    )
    .post(
      billingPaths.directSetupIntent(),
      requireAuth,
      jsonBody(setupIntentRequestSchema),
      describeRoute({
        summary: 'Start collecting a payment method, for a user without a business',
        tag: 'Billing',
        auth: 'account',
        answers: [created(setupIntentSchema)],
        errors: { 503: ['billing.unavailable'] },
      }),
      async (c) => {
        const { country } = c.req.valid('json')
        return sendJson(c, await createDirectSetupIntent(services, c.get('auth').userId, country), 201)
      },
    )
    .post(
      billingPaths.directConfirm(),
      requireAuth,
      jsonBody(directConfirmSchema),
      describeRoute({
        summary: 'Open a business on a paid plan',
        tag: 'Billing',
        auth: 'account',
        answers: [created(businessSchema)],
        errors: {
          402: ['billing.card_declined'],
          409: ['business.already_member'],
          422: ['billing.payment_method_missing', 'billing.vat_required'],
        },
      }),
      async (c) =>
        sendJson(c, await confirmDirectUpgrade(services, c.get('auth').userId, c.req.valid('json')), 201),
    )
    .post(
      `${v2}/subscriptions/stripe_setup_intent`,
      requireAuth,
      requireAdmin,
      jsonBody(setupIntentRequestSchema),
      describeRoute({
        summary: 'Start collecting a payment method',
        tag: 'Billing',
        auth: 'account',
        answers: [created(setupIntentSchema)],
        errors: billingProvider,
      }),
      async (c) => {
        return sendJson(c, await createSetupIntent(services, c.req.param('id')), 201)
      },
    )
    .put(
      `${v2}/subscriptions/upgrade`,
      requireAuth,
      requireAdmin,
      jsonBody(upgradeRequestSchema),
      describeRoute({
        summary: 'Subscribe to a plan with the collected payment method',
        tag: 'Billing',
        auth: 'account',
        answers: [ok(businessSchema)],
        errors: {
          ...transition,
          402: ['billing.card_declined'],
          422: [
            'billing.payment_method_missing',
            'billing.vat_required',
            'billing.plan_unavailable',
            'billing.currency_fixed',
          ],
        },
      }),
      async (c) => {
        await upgradeSubscription(services, c.req.param('id'), c.req.valid('json'))
        return sendJson(c, await business(c))
      },
    )
    .post(
      `${v2}/subscriptions/coupons/validate_promo`,
      requireAuth,
      requireAdmin,
      jsonBody(validatePromoRequestSchema),
      describeRoute({
        summary: 'Check a promo code for a plan',
        tag: 'Billing',
        auth: 'account',
        answers: [ok(promotionSchema)],
        errors: { ...adminOnly, 422: ['billing.code_unknown', 'billing.code_not_applicable'] },
      }),
      async (c) => {
        const { promoCode, plan } = c.req.valid('json')
        const { subscriptions } = requireProviders(services)
        const promotion = await findApplicablePromotion(subscriptions, promoCode, plan, services.now())
        return sendJson(c, promotionView(promotion))
      },
    )
    .get(
      `${v2}/subscriptions/coupons/referral_code`,
      requireAuth,
      requireAdmin,
      describeRoute({
        summary: 'The business’s referral code',
        tag: 'Billing',
        auth: 'account',
        answers: [ok(referralCodeSchema)],
        errors: adminOnly,
      }),
      async (c) => {
        const { business: row } = await loadBillingBusiness(db, c.req.param('id'))
        return sendJson(c, { referralCode: row.referralCode })
      },
    )
    .get(
      `${v2}/subscriptions/usage`,
      requireAuth,
      requireAdmin,
      describeRoute({
        summary: 'Seats paid and in use',
        tag: 'Billing',
        auth: 'account',
        answers: [ok(usageSchema)],
        errors: adminOnly,
      }),
      async (c) => {
        return sendJson(c, await subscriptionUsage(db, c.req.param('id')))
      },
    )
    .post(
      `${v2}/subscriptions/seats/preview`,
      requireAuth,
      requireAdmin,
      jsonBody(seatsPreviewRequestSchema),
      describeRoute({
        summary: 'What a change of seats costs now',
        tag: 'Billing',
        auth: 'account',
        answers: [ok(seatsPreviewSchema)],
        errors: { ...transition, 422: ['billing.seats_out_of_range'] },
      }),
      async (c) => {
        return sendJson(c, await previewSeats(services, c.req.param('id'), c.req.valid('json').seats))
      },
    )
    .put(
      `${v2}/subscriptions/seats`,
      requireAuth,
      requireAdmin,
      jsonBody(seatsChangeRequestSchema),
      describeRoute({
        summary: 'Change the seats, as previewed',
        tag: 'Billing',
        auth: 'account',
        answers: [ok(businessSchema)],
        errors: {
          ...adminOnly,
          402: ['billing.card_declined'],
          409: ['business.transition_refused', 'billing.preview_stale'],
          422: ['billing.seats_out_of_range'],
        },
      }),
      async (c) => {
        await changeSeats(services, c.req.param('id'), c.req.valid('json'))
        return sendJson(c, await business(c))
      },
    )
    .post(
      `${v2}/stripe/portal_session`,
      requireAuth,
      requireAdmin,
      describeRoute({
        summary: 'Open the provider’s billing portal',
        tag: 'Billing',
        auth: 'account',
        answers: [ok(unnamedSchemas.redirectUrl)],
        errors: billingProvider,
      }),
      async (c) => {
        const customerId = await ensureCustomer(services, c.req.param('id'))
        const url = await requireProviders(services).subscriptions.portalSessionUrl(
          customerId,
          `${services.publicUrl}/business/billing`,
        )
        return sendJson(c, { redirectUrl: url })
      },
    )
    .post(
      `${v2}/chargebee/portal_session`,
      requireAuth,
      requireAdmin,
      describeRoute({
        summary: 'Open Chargebee’s billing portal (a business whose subscription is kept at Chargebee)',
        tag: 'Billing',
        auth: 'account',
        answers: [ok(unnamedSchemas.redirectUrl)],
        errors: { ...transition, 503: ['billing.unavailable'] },
      }),
      async (c) => {
        // SPEC §4's CHARGEBEE state is a subscription kept at Chargebee; this server has no Chargebee account.
        const { business: row } = await loadBillingBusiness(db, c.req.param('id'))
        const method = currentPaymentMethod(row, services.now())
        if (method !== 'CHARGEBEE')
          throw new ApiError(
            409,
            'business.transition_refused',
            `The business pays by ${method}, not through Chargebee`,
          )
        throw new ApiError(503, 'billing.unavailable', 'Chargebee is not set up on this server')
      },
    )
    .get(
      `${v2}/stripe/cpsession`,
      requireAuth,
      requireAdmin,
      describeRoute({
        summary: 'Open the provider’s page for payment methods',
        tag: 'Billing',
        auth: 'account',
        answers: [ok(unnamedSchemas.redirectUrl)],
        errors: billingProvider,
      }),
      async (c) => {
        const customerId = await ensureCustomer(services, c.req.param('id'))
        const url = await requireProviders(services).cards.customerSessionUrl(
          customerId,
          `${services.publicUrl}/business/billing/payment`,
        )
        return sendJson(c, { redirectUrl: url })
      },
    )
    .post(
      `${v1}/cancel-trial`,
      requireAuth,
      requireAdmin,
      describeRoute({
        summary: 'End the trial now',
        tag: 'Billing',
        auth: 'account',
        answers: [ok(businessSchema)],
        errors: transition,
      }),
      async (c) => {
        await cancelTrial(services, c.req.param('id'))
        return sendJson(c, await business(c))
      },
    )
    .post(
      `${v1}/cancel-subscription`,
      requireAuth,
      requireAdmin,
      describeRoute({
        summary: 'Cancel the subscription at the end of its period',
        tag: 'Billing',
        auth: 'account',
        answers: [ok(businessSchema)],
        errors: transition,
      }),
      async (c) => {
        await setSubscriptionCancelled(services, c.req.param('id'), true)
        return sendJson(c, await business(c))
      },
    )
    .post(
      `${v1}/reactivate-subscription`,
      requireAuth,
      requireAdmin,
      describeRoute({
        summary: 'Take back a cancellation',
        tag: 'Billing',
        auth: 'account',
        answers: [ok(businessSchema)],
        errors: transition,
      }),
      async (c) => {
        await setSubscriptionCancelled(services, c.req.param('id'), false)
        return sendJson(c, await business(c))
      },
    )
    .get(
      `${v1}/billing/payment`,
      requireAuth,
      requireAdmin,
      describeRoute({
        summary: 'The business’s cards and SEPA debits',
        tag: 'Billing',
        auth: 'account',
        answers: [ok(paymentMethodsSchema)],
        errors: billingProvider,
      }),
      async (c) => {
        return sendJson(c, await listPaymentMethods(services, c.req.param('id')))
      },
    )
    .get(
      `${v1}/billing/information`,
      requireAuth,
      requireAdmin,
      describeRoute({
        summary: 'The address invoices carry and how the business pays',
        tag: 'Billing',
        auth: 'account',
        answers: [ok(billingInformationSchema)],
        errors: adminOnly,
      }),
      async (c) => {
        return sendJson(c, await billingInformation(db, services.now(), c.req.param('id')))
      },
    )
    .post(
      `${v1}/billing/setup-intent`,
      requireAuth,
      requireAdmin,
      jsonBody(setupIntentRequestSchema),
      describeRoute({
        summary: 'Start collecting a new payment method',
        tag: 'Billing',
        auth: 'account',
        answers: [created(setupIntentSchema)],
        errors: billingProvider,
      }),
      async (c) => {
        return sendJson(c, await createSetupIntent(services, c.req.param('id')), 201)
      },
    )
    .post(
      `${v1}/billing/setup-intent/:intentId`,
      requireAuth,
      requireAdmin,
      jsonBody(setupIntentRequestSchema),
      describeRoute({
        summary: 'Charge renewals to the collected payment method',
        tag: 'Billing',
        auth: 'account',
        answers: [ok(paymentMethodsSchema)],
        errors: { ...billingProvider, 422: ['billing.payment_method_missing'] },
      }),
      async (c) => {
        return sendJson(c, await replacePaymentMethod(services, c.req.param('id'), c.req.param('intentId')))
      },
    )
    .post(
      `${v2}/fair_flat_migration/preview`,
      requireAuth,
      requireAdmin,
      describeRoute({
        summary: 'The per-seat plan replacing a legacy flat plan, priced (accepted with PUT .../base)',
        tag: 'Billing',
        auth: 'account',
        answers: [ok(fairFlatMigrationSchema)],
        errors: {
          ...adminOnly,
          409: ['business.transition_refused', 'billing.plan_unavailable'],
          422: ['billing.seats_out_of_range'],
        },
      }),
      async (c) => {
        return sendJson(c, await previewFairFlatMigration(services, c.req.param('id')))
      },
    )
    .post(
      `${v2}/free_plan_downgrade`,
      requireAuth,
      requireAdmin,
      describeRoute({
        summary: 'Close a business that does not pay, its people on the new free plan',
        tag: 'Billing',
        auth: 'account',
        answers: [noContent],
        errors: transition,
      }),
      async (c) => {
        await downgradeToFreePlan(services, c.req.param('id'))
        return c.body(null, 204)
      },
    )
    .post(
      billingPaths.freeMigration(),
      requireAuth,
      describeRoute({
        summary: 'Move from the legacy free plan to the new free plan',
        tag: 'Billing',
        auth: 'account',
        answers: [{ status: 200, json: userSchema, caseOptions: attributesCase }],
        errors: { 409: ['billing.plan_unavailable'] },
      }),
      async (c) => {
        const { userId } = c.get('auth')
        await migrateToNewFreePlan(db, userId)
        return sendJson(c, await getUser(db, userId, services.demoQualifiedSigning), 200, attributesCase)
      },
    )
    .put(
      `${v2}/base`,
      requireAuth,
      requireAdmin,
      jsonBody(basePlanSchema),
      describeRoute({
        summary: 'Change the plan or its cycle, as previewed',
        tag: 'Billing',
        auth: 'account',
        answers: [ok(businessSchema)],
        errors: {
          ...adminOnly,
          409: ['business.transition_refused', 'billing.preview_stale'],
          422: ['billing.plan_unavailable', 'billing.seats_out_of_range'],
        },
      }),
      async (c) => {
        await changePlan(services, c.req.param('id'), c.req.valid('json'))
        return sendJson(c, await business(c))
      },
    )
    .get(
      `${v2}/customextras`,
      requireAuth,
      requireAdmin,
      describeRoute({
        summary: 'What the plan charges beyond its seats',
        tag: 'Billing',
        auth: 'account',
        answers: [ok(customExtrasSchema)],
        errors: adminOnly,
      }),
      async (c) => {
        return sendJson(c, await customExtras(db, c.req.param('id')))
      },
    )
    .get(
      `${v2}/invoices`,
      requireAuth,
      requireAdmin,
      describeRoute({
        summary: 'List the business’s invoices',
        tag: 'Billing',
        auth: 'account',
        answers: [ok(invoicesSchema)],
        errors: adminOnly,
      }),
      async (c) => {
        return sendJson(c, { invoices: await listInvoices(services, c.req.param('id')) })
      },
    )
    .get(
      `${v2}/invoices/:invoiceId/pdf`,
      requireAuth,
      requireAdmin,
      describeRoute({
        summary: 'Download an invoice',
        tag: 'Billing',
        auth: 'account',
        answers: [
          file('application/pdf', 'The invoice.'),
          redirect(302, 'To the provider’s copy of the invoice.'),
        ],
        errors: {
          403: ['business.not_allowed'],
          404: ['business.not_found', 'billing.invoice_not_found'],
          503: ['billing.unavailable'],
        },
      }),
      async (c) => {
        const found = await invoicePdf(services, c.req.param('id'), c.req.param('invoiceId'))
        if ('redirect' in found) return c.redirect(found.redirect, 302)
        return c.body(found.pdf as Uint8Array<ArrayBuffer>, 200, {
          'Content-Type': 'application/pdf',
          'Content-Length': String(found.pdf.byteLength),
          'Content-Disposition': `attachment; filename="invoice-${found.number.replace(/[^\w-]/g, '')}.pdf"`,
        })
      },
    )
    .post(billingPaths.stripeWebhook(), async (c) => {
      const verify = services.billing?.verifyWebhook
      if (!verify) throw new ApiError(404, 'route.not_found', 'No webhooks are taken on this server')
      const raw = await c.req.text()
      let event: ReturnType<typeof verify>
      try {
        event = verify(raw, c.req.header('stripe-signature'), services.now())
      } catch (error) {
        throw new ApiError(400, 'billing.webhook_invalid', 'The webhook signature does not check out', {
          cause: error,
        })
      }
      await db.transaction((tx) => recordProviderEvent(tx, services.jobs, event, services.now()))
      services.jobs.wake()
      return sendJson(c, { received: true })
    })
  const sandbox = services.billing?.sandbox
  if (!sandbox) return routes
  return routes.post(billingPaths.sandboxConfirm(), jsonBody(sandboxConfirmSchema), async (c) => {
    const { clientSecret, card, sepaDebit } = c.req.valid('json')
    const input = card ? { card } : sepaDebit ? { sepaDebit } : null
    if (input === null)
      throw new ApiError(400, 'request.invalid', 'card or sepa_debit is needed', { field: 'card' })
    try {
      return sendJson(c, { setupIntentId: await sandbox.confirmSetupIntent(clientSecret, input) })
    } catch (error) {
      if (!(error instanceof PaymentDeclinedError)) throw error
      if (error.declineCode === 'invalid_request') {
        throw new ApiError(400, 'request.invalid', 'client_secret: unknown setup', { field: 'client_secret' })
      }
      throw cardDeclined(error)
    }
  })
}
