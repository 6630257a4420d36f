import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate, useRouteContext } from '@tanstack/react-router'
import type { Usage } from '../../../contract/billing.ts'
import type { Business } from '../../../contract/businesses.ts'
import type { PricePlan } from '../../../contract/price-plans.ts'
import { pricePlansQueryOptions, upgradePreviewQueryOptions, usageQueryOptions } from '../../api/billing.ts'
import { useUser } from '../../api/user.ts'
import { buttonClass } from '../../ui/button/button.tsx'
import { showSnackbar } from '../../ui/snackbar/show-snackbar.ts'
import styles from './business.module.css'
import { BusinessPage } from './business-page.tsx'
import { BusinessPaymentMethods } from './business-payment-screen.tsx'
import { CheckoutPlans } from './checkout-plans.tsx'
import { FreePlanDowngradeOffer } from './legacy-plan-dialogs.tsx'
import { businessSetup } from './payment-method-form.tsx'
import { PlanCheckout } from './plan-checkout.tsx'
import { PlanOverview } from './plan-overview.tsx'
import { PlanSwitch } from './plan-switch.tsx'
import { useBusinessPayment } from './use-business-payment.ts'
import { usePlanCheckout } from './use-plan-checkout.ts'

/**
 * A business's first plan (or its next, once the last ended): the plans priced for its seats, a code, and
 * the checkout, whose order subscribes through the payment machine.
 */
function Upgrade({
  business,
  plans,
  usage,
  payment,
}: {
  business: Business
  plans: PricePlan[]
  usage: Usage
  payment: ReturnType<typeof useBusinessPayment>
}) {
  const { api, ui } = useRouteContext({ from: '__root__' })
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const { view, run } = payment
  const actor = usePlanCheckout(
    // Fixed by the first payment; before it, the billing country's unless the admin picks the other.
    { mode: 'upgrade', cycle: 'yearly', currency: business.billingCurrency, seats: usage.seatsInUse },
    {
      preview: ({ order }) => queryClient.fetchQuery(upgradePreviewQueryOptions(api, business.id, order)),
      order: async ({ order: { amountSeats, ...order }, setupIntentId }) => {
        const inTrial = view.subscription === 'trialing'
        await run({
          type: 'subscription.upgrade',
          order: { ...order, seats: amountSeats, setupIntentId: setupIntentId ?? '' },
        })
        showSnackbar(ui.snackbars, {
          message: inTrial
            ? msg`Thank you: your plan starts when your trial ends`
            : msg`Thank you: your plan is active`,
          color: 'success',
        })
        await navigate({ to: '/business/billing' })
      },
    },
  )
  return (
    <>
      <CheckoutPlans
        actor={actor}
        plans={plans}
        seats={usage.seatsInUse}
        currencyChoice={business.admin?.currency == null}
      />
      <PlanCheckout
        actor={actor}
        codes
        inTrial={view.subscription === 'trialing'}
        setup={() => businessSetup(api, business)}
      />
      {view.canDowngradeToFree ? (
        <FreePlanDowngradeOffer
          businessName={business.name}
          people={usage.seatsInUse}
          downgrade={() => run({ type: 'plan.downgradeToFree' })}
        />
      ) : null}
    </>
  )
}

/** Where a business's plan is chosen: paid for, switched, or (blocked) its dues paid with a new method. */
function Plans({ business }: { business: Business }) {
  const { api } = useRouteContext({ from: '__root__' })
  const { data: plans } = useQuery(pricePlansQueryOptions(api))
  const { data: usage } = useQuery(usageQueryOptions(api, business.id))
  const payment = useBusinessPayment(business)
  const { view, run } = payment
  if (!plans || !usage) return null
  // A blocked business pays what is due with a new payment method; it keeps its plan.
  if (view.subscription === 'locked') return <BusinessPaymentMethods business={business} />
  if ((view.canChangePlan || view.subscription === 'changingPlan') && usage.subscription) {
    return <PlanSwitch business={business} subscription={usage.subscription} run={run} />
  }
  if (!view.canUpgrade && !view.busy) {
    return (
      <section className={styles.card}>
        <p>
          <Trans>Your business has a plan. Change its seats or cancel it on the billing page.</Trans>
        </p>
        <Link to="/business/billing" className={`${buttonClass({})} ${styles.cardButton}`}>
          <Trans>Billing</Trans>
        </Link>
      </section>
    )
  }
  return <Upgrade business={business} plans={plans} usage={usage} payment={payment} />
}

/**
 * /business/billing/plan: the plans side by side, monthly or yearly, priced for the business's seats with
 * a promo or referral code, and paid here.
 */
export function BusinessPlanScreen() {
  return (
    <BusinessPage
      title={<Trans>Plans</Trans>}
      lead={<Trans>Every person in your business uses one seat.</Trans>}
    >
      {(business) => <Plans business={business} />}
    </BusinessPage>
  )
}

/**
 * /business/upgrade (strict: admins and users): where an admin held by an expired trial or a blocked
 * business pays; a user without a business is shown how to open one.
 */
export function BusinessUpgradeScreen() {
  const { api } = useRouteContext({ from: '__root__' })
  const { data: user } = useUser(api)
  if (!user) return null
  if (!user.business || user.business.invitationId !== null) {
    return (
      <div className={styles.page}>
        <header className={styles.header}>
          <h1>
            <Trans>Upgrade to a business account</Trans>
          </h1>
          <p className={styles.lead}>
            <Trans>
              A business account signs for the whole team, with shared billing, admins and members. Try it
              free for 14 days, then choose a plan.
            </Trans>
          </p>
        </header>
        <PlanOverview />
        <Link to="/business/signup" className={`${buttonClass({})} ${styles.cardButton}`}>
          <Trans>Open a business account: 14 days free</Trans>
        </Link>
      </div>
    )
  }
  return (
    <BusinessPage
      title={<Trans>Choose your plan</Trans>}
      lead={<Trans>Your business pauses until it has a plan. Every person in it uses one seat.</Trans>}
    >
      {(business) => <Plans business={business} />}
    </BusinessPage>
  )
}
