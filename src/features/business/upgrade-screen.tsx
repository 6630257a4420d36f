import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate, useRouteContext } from '@tanstack/react-router'
import { useEffect } from 'react'
import type { User } from '../../../contract/user.ts'
import {
  confirmDirectUpgrade,
  createDirectSetupIntent,
  directPreviewQueryOptions,
  pricePlansQueryOptions,
} from '../../api/billing.ts'
import { memberBusiness, userAttribute, useUser } from '../../api/user.ts'
import { currencyOf, resolveLocale } from '../../i18n/locales.ts'
import { buttonClass } from '../../ui/button/button.tsx'
import { showSnackbar } from '../../ui/snackbar/show-snackbar.ts'
import styles from './business.module.css'
import { reloadUser } from './business-notices.tsx'
import { CheckoutPlans } from './checkout-plans.tsx'
import { FreeMigrationNotice } from './legacy-plan-dialogs.tsx'
import { PlanCheckout } from './plan-checkout.tsx'
import { PlanOverview } from './plan-overview.tsx'
import { useBusiness } from './use-business.ts'
import { usePlanCheckout } from './use-plan-checkout.ts'

/**
 * Buying a plan in one step (SPEC direct upgrade): the plan, the company it is for, what it costs there,
 * and the payment; the business opens with it, the buyer its first admin.
 */
function BuyPlan({ user }: { user: User }) {
  const { i18n } = useLingui()
  const context = useRouteContext({ from: '__root__' })
  const { api, ui } = context
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const { data: plans } = useQuery(pricePlansQueryOptions(api))
  // Until the buyer picks one, the UI language's currency (SPEC §9).
  const languageCurrency = currencyOf[resolveLocale(i18n.locale) ?? 'en-gb']
  const actor = usePlanCheckout(
    { mode: 'direct', cycle: 'yearly', currency: languageCurrency, seats: 1 },
    {
      preview: ({ order, company }) =>
        queryClient.fetchQuery(
          // The server prices for the country of the billing address (VAT, SPEC §7).
          directPreviewQueryOptions(api, {
            ...order,
            ...(company ? { business: { billing: { country: company.billing.country } } } : {}),
          }),
        ),
      order: async ({ order, company, setupIntentId }) => {
        if (!company || !setupIntentId) throw new Error('checkout.order_incomplete')
        await confirmDirectUpgrade(api, { ...order, setupIntentId, business: company })
        await reloadUser(context)
        showSnackbar(ui.snackbars, { message: msg`Thank you: your plan is active`, color: 'success' })
        await navigate({ to: '/business/billing' })
      },
    },
  )
  useEffect(() => {
    actor.send({ type: 'currency.suggest', currency: languageCurrency })
  }, [actor, languageCurrency])
  if (!plans) return null
  return (
    <>
      <CheckoutPlans actor={actor} plans={plans} seats={1} currencyChoice />
      <PlanCheckout
        actor={actor}
        buyerEmail={user.email}
        setup={(company) => {
          const country = company?.billing.country ?? ''
          return {
            key: ['direct-upgrade', user.id, country],
            create: () => createDirectSetupIntent(api, country),
          }
        }}
      />
    </>
  )
}

/**
 * /upgrade: what a plan brings a user who signs with their own free signatures, and the way there: a
 * business account (its admins then choose the plan on its billing page).
 */
export function UpgradeScreen() {
  const { api } = useRouteContext({ from: '__root__' })
  const { data: user } = useUser(api)
  const { data: businessDetails } = useBusiness()
  if (!user) return null
  const business = memberBusiness(user)
  // A member sees the prices in their business's currency; it shows once the business has loaded.
  if (business && !businessDetails) return null
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1>
          <Trans>Plans</Trans>
        </h1>
        <p className={styles.lead}>
          {business ? (
            <Trans>Your signatures are on {business.name}. Its admins choose its plan.</Trans>
          ) : (
            <Trans>
              Your account signs with its free signatures. A plan signs without limit for your whole team, on
              a business account with shared billing, admins and members.
            </Trans>
          )}
        </p>
      </header>
      {!business && userAttribute(user, 'free_account_type') === 'free_legacy' ? (
        <FreeMigrationNotice />
      ) : null}
      {businessDetails ? (
        <PlanOverview currency={businessDetails.billingCurrency} />
      ) : (
        <BuyPlan user={user} />
      )}
      {business?.role === 'admin' ? (
        <Link to="/business/billing/plan" className={`${buttonClass({})} ${styles.cardButton}`}>
          <Trans>Choose a plan for {business.name}</Trans>
        </Link>
      ) : business ? null : (
        <Link to="/business/signup" className={`${buttonClass({})} ${styles.cardButton}`}>
          <Trans>Open a business account: 14 days free</Trans>
        </Link>
      )}
    </div>
  )
}
