import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate, useRouteContext } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import type { Business } from '../../../contract/businesses.ts'
import type {
  PlanSwitch as PlanSwitchCost,
  Subscription,
  UpgradePreview,
} from '../../../contract/price-plans.ts'
import {
  selectCheckoutBusy,
  selectCheckoutError,
  selectCheckoutPreview,
  selectCheckoutStep,
} from '../../../machines/business-payment/plan-checkout.selectors.ts'
import { pricePlansQueryOptions, upgradePreviewQueryOptions } from '../../api/billing.ts'
import { formatDateTime, formatMoney, resolveLocale } from '../../i18n/locales.ts'
import { BusyButton } from '../../ui/button/busy-button.tsx'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import { showSnackbar } from '../../ui/snackbar/show-snackbar.ts'
import styles from './business.module.css'
import { businessErrorMessage } from './business-messages.ts'
import { CheckoutPlans } from './checkout-plans.tsx'
import { PlanPreview } from './plan-preview.tsx'
import type { useBusinessPayment } from './use-business-payment.ts'
import { usePlanCheckout } from './use-plan-checkout.ts'
import { VatLabel } from './vat-label.tsx'

/**
 * What a switch of a running subscription charges now, as the server's provider prorated it: the credit
 * for the old plan's unused time, the new plan's time to the period's end, VAT, the total, and the next
 * period's price.
 */
function SwitchPreview({ data, planSwitch }: { data: UpgradePreview; planSwitch: PlanSwitchCost }) {
  const { i18n } = useLingui()
  const locale = resolveLocale(i18n.locale) ?? 'en-gb'
  const money = (amount: number) => formatMoney(amount, locale, data.currency)
  const until = formatDateTime(planSwitch.periodEnd, locale)
  const next = money(planSwitch.nextPeriod.total)
  const seats = planSwitch.nextPeriod.seats
  return (
    <section className={styles.card} aria-labelledby="switch-heading" aria-live="polite">
      <h2 id="switch-heading">
        <Trans>What the switch costs now</Trans>
      </h2>
      <dl className={styles.facts} data-testid="switch-lines">
        <dt>
          <Trans>Unused time of your current plan</Trans>
        </dt>
        <dd data-testid="switch-credit">−{money(planSwitch.credit)}</dd>
        <dt>
          <Trans>The new plan until {until}</Trans>
        </dt>
        <dd data-testid="switch-charge">{money(planSwitch.charge)}</dd>
        <dt>
          <VatLabel treatment={data.vatTreatment} rateBasisPoints={planSwitch.vatRate} />
        </dt>
        <dd data-testid="switch-vat">{money(planSwitch.vat)}</dd>
        <dt>
          <Trans>Charged now</Trans>
        </dt>
        <dd>
          <strong data-testid="switch-total">{money(planSwitch.total)}</strong>
        </dd>
      </dl>
      {planSwitch.credit > planSwitch.charge ? (
        <p className={styles.muted}>
          <Trans>The credit beyond the new plan's price is not paid out.</Trans>
        </p>
      ) : null}
      <p data-testid="switch-next">
        {data.cycle === 'yearly' ? (
          <Plural
            value={seats}
            one={`Then ${next} a year for one seat, VAT included, from ${until}.`}
            other={`Then ${next} a year for # seats, VAT included, from ${until}.`}
          />
        ) : (
          <Plural
            value={seats}
            one={`Then ${next} a month for one seat, VAT included, from ${until}.`}
            other={`Then ${next} a month for # seats, VAT included, from ${until}.`}
          />
        )}
      </p>
    </section>
  )
}

/**
 * Another plan or cycle for a running subscription (SPEC PUT .../base): the plans priced for its seats, the
 * chosen one's price as the server computes it, and the switch, which charges the difference for the rest
 * of the period now; the checkout machine orders it through the payment machine.
 */
export function PlanSwitch({
  business,
  subscription,
  run,
}: {
  business: Business
  subscription: Subscription
  /** The payment machine of the screen, which switches the plan. */
  run: ReturnType<typeof useBusinessPayment>['run']
}) {
  const { i18n } = useLingui()
  const { api, ui } = useRouteContext({ from: '__root__' })
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const { data: plans } = useQuery(pricePlansQueryOptions(api))
  const actor = usePlanCheckout(
    { mode: 'switch', cycle: subscription.cycle, currency: subscription.currency, seats: subscription.seats },
    {
      preview: ({ order }) => queryClient.fetchQuery(upgradePreviewQueryOptions(api, business.id, order)),
      order: async ({ order, previewedAt }) => {
        // The switch is prorated at the time the admin saw its price.
        await run({ type: 'plan.change', change: { plan: order.plan, cycle: order.cycle, previewedAt } })
        showSnackbar(ui.snackbars, { message: msg`Your new plan is active`, color: 'success' })
        await navigate({ to: '/business/billing' })
      },
    },
  )
  const step = useSelector(actor, selectCheckoutStep)
  const preview = useSelector(actor, selectCheckoutPreview)
  const error = useSelector(actor, selectCheckoutError)
  const busy = useSelector(actor, selectCheckoutBusy)
  if (!plans) return null
  return (
    <>
      <CheckoutPlans
        actor={actor}
        plans={plans}
        seats={subscription.seats}
        current={{ plan: subscription.plan, cycle: subscription.cycle }}
      />
      {preview && error === null ? (
        <>
          {preview.planSwitch ? (
            <SwitchPreview data={preview} planSwitch={preview.planSwitch} />
          ) : (
            <PlanPreview data={preview} />
          )}
          <p className={styles.muted}>
            <Trans>
              Switching now charges the difference for the rest of your current period to your payment method,
              less what is left of the plan you paid for.
            </Trans>
          </p>
          <BusyButton
            className={styles.cardButton}
            busy={busy || step === 'ordered'}
            onClick={() => actor.send({ type: 'checkout.confirm', setupIntentId: null })}
          >
            <Trans>Switch plan</Trans>
          </BusyButton>
        </>
      ) : null}
      {error === null ? null : <FormAlert>{i18n._(businessErrorMessage(error))}</FormAlert>}
    </>
  )
}
