import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { useId, useState } from 'react'
import type { Business } from '../../../contract/businesses.ts'
import { amountIn, type BillingCycle, type PricePlan } from '../../../contract/price-plans.ts'
import { businessStatisticsQueryOptions, pricePlansQueryOptions } from '../../api/business.ts'
import { currencyOf, formatMoney, resolveLocale } from '../../i18n/locales.ts'
import styles from './business.module.css'
import { BusinessPage } from './business-page.tsx'
import { planNames } from './plan-names.ts'

function PlanCard({ plan, cycle, seats }: { plan: PricePlan; cycle: BillingCycle; seats: number }) {
  const { i18n } = useLingui()
  const locale = resolveLocale(i18n.locale) ?? 'en-gb'
  const currency = currencyOf[locale]
  const perSeat = formatMoney(amountIn(plan.seatPrices[cycle], currency), locale)
  const fits = seats >= plan.minSeats && (plan.maxSeats === null || seats <= plan.maxSeats)
  const total = formatMoney(
    amountIn(plan.seatPrices[cycle], currency) * Math.max(seats, plan.minSeats),
    locale,
  )
  const { minSeats: min, maxSeats: max } = plan
  const name = i18n._(planNames[plan.tier])
  return (
    <article className={styles.plan} data-tier={plan.tier} aria-label={name}>
      <h3>{name}</h3>
      <p className={styles.price}>
        {cycle === 'monthly' ? (
          <Trans>{perSeat} per seat and month</Trans>
        ) : (
          <Trans>{perSeat} per seat and year</Trans>
        )}
      </p>
      <p className={styles.muted}>
        {max === null ? (
          <Trans>From {min} seats</Trans>
        ) : min === max ? (
          <Trans>For one person</Trans>
        ) : (
          <Trans>
            {min} to {max} seats
          </Trans>
        )}
      </p>
      {fits ? (
        <p>
          {cycle === 'monthly' ? (
            <Plural
              value={seats}
              one={`For your seat: ${total} a month`}
              other={`For your # seats: ${total} a month`}
            />
          ) : (
            <Plural
              value={seats}
              one={`For your seat: ${total} a year`}
              other={`For your # seats: ${total} a year`}
            />
          )}
        </p>
      ) : (
        <p className={styles.muted}>
          <Plural value={seats} one="Not for one seat" other="Not for # seats" />
        </p>
      )}
    </article>
  )
}

function Plans({ business }: { business: Business }) {
  const { api } = useRouteContext({ from: '__root__' })
  const { data: plans } = useQuery(pricePlansQueryOptions(api))
  const { data: statistics } = useQuery(businessStatisticsQueryOptions(api, business.id))
  const [cycle, setCycle] = useState<BillingCycle>('yearly')
  const name = useId()
  if (!plans || !statistics) return null
  const seats = statistics.admins + statistics.members
  return (
    <>
      <fieldset className={styles.cycle}>
        <legend>
          <Trans>Billed</Trans>
        </legend>
        <label>
          <input type="radio" name={name} checked={cycle === 'yearly'} onChange={() => setCycle('yearly')} />
          <Trans>Yearly (two months free)</Trans>
        </label>
        <label>
          <input
            type="radio"
            name={name}
            checked={cycle === 'monthly'}
            onChange={() => setCycle('monthly')}
          />
          <Trans>Monthly</Trans>
        </label>
      </fieldset>
      <div className={styles.plans}>
        {plans
          .filter((plan) => plan.selfService)
          .map((plan) => (
            <PlanCard key={plan.id} plan={plan} cycle={cycle} seats={seats} />
          ))}
      </div>
      <p className={styles.muted}>
        <Trans>Prices before VAT. Larger teams get an enterprise plan agreed with us.</Trans>
      </p>
    </>
  )
}

/** /business/billing/plan: the plans side by side, monthly or yearly, priced for the business's seats. */
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
