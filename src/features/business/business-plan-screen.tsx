import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { useId, useState } from 'react'
import type { Business } from '../../../contract/businesses.ts'
import { amountIn, type BillingCycle, type PricePlan } from '../../../contract/price-plans.ts'
import {
  businessStatisticsQueryOptions,
  pricePlansQueryOptions,
  upgradePreviewQueryOptions,
} from '../../api/business.ts'
import { errorCode } from '../../api/error-messages.ts'
import { currencyOf, formatDateTime, formatMoney, resolveLocale } from '../../i18n/locales.ts'
import { Button } from '../../ui/button/button.tsx'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import styles from './business.module.css'
import { businessErrorMessage } from './business-messages.ts'
import { BusinessPage } from './business-page.tsx'
import { planNames } from './plan-names.ts'

function PlanCard({
  plan,
  cycle,
  seats,
  chosen,
  onChoose,
}: {
  plan: PricePlan
  cycle: BillingCycle
  seats: number
  chosen: boolean
  onChoose: () => void
}) {
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
      {fits ? (
        <Button variant={chosen ? 'primary' : 'secondary'} aria-pressed={chosen} onClick={onChoose}>
          {chosen ? <Trans>Chosen</Trans> : <Trans>Choose {name}</Trans>}
        </Button>
      ) : null}
    </article>
  )
}

/** What the chosen plan costs, as the server prices it: the first period and the one after, with VAT. */
function Preview({
  business,
  plan,
  cycle,
  seats,
}: {
  business: Business
  plan: string
  cycle: BillingCycle
  seats: number
}) {
  const { i18n } = useLingui()
  const { api } = useRouteContext({ from: '__root__' })
  const locale = resolveLocale(i18n.locale) ?? 'en-gb'
  const currency = currencyOf[locale]
  const { data, error } = useQuery(
    upgradePreviewQueryOptions(api, business.id, { plan, cycle, amountSeats: seats, currency }),
  )
  if (error) return <FormAlert>{i18n._(businessErrorMessage(errorCode(error)))}</FormAlert>
  if (!data) return null
  const [first, next] = data.periods
  if (!first || !next) return null
  const money = (amount: number) => formatMoney(amount, locale, data.currency)
  const from = formatDateTime(first.startsAt, locale)
  const until = formatDateTime(first.endsAt, locale)
  const rate = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(
    first.vatRate / 10000,
  )
  const renewal = money(next.total)
  const renewsAt = formatDateTime(next.startsAt, locale)
  return (
    <section className={styles.card} aria-labelledby="preview-heading" aria-live="polite">
      <h2 id="preview-heading">
        <Trans>What you pay</Trans>
      </h2>
      <p className={styles.muted}>
        <Trans>
          First period: {from} to {until}
        </Trans>
      </p>
      <dl className={styles.facts}>
        <dt>
          <Plural value={data.seats} one="One seat" other="# seats" />
        </dt>
        <dd>{money(first.subtotal)}</dd>
        <dt>
          {data.vatTreatment === 'swiss' ? (
            <Trans>VAT {rate}</Trans>
          ) : data.vatTreatment === 'reverseCharge' ? (
            <Trans>VAT (reverse charge)</Trans>
          ) : (
            <Trans>VAT (export, none)</Trans>
          )}
        </dt>
        <dd>{money(first.vat)}</dd>
        <dt>
          <Trans>Total</Trans>
        </dt>
        <dd>
          <strong>{money(first.total)}</strong>
        </dd>
      </dl>
      <p>
        {data.cycle === 'yearly' ? (
          <Trans>
            Then {renewal} a year from {renewsAt}, until you cancel.
          </Trans>
        ) : (
          <Trans>
            Then {renewal} a month from {renewsAt}, until you cancel.
          </Trans>
        )}
      </p>
    </section>
  )
}

function Plans({ business }: { business: Business }) {
  const { api } = useRouteContext({ from: '__root__' })
  const { data: plans } = useQuery(pricePlansQueryOptions(api))
  const { data: statistics } = useQuery(businessStatisticsQueryOptions(api, business.id))
  const [cycle, setCycle] = useState<BillingCycle>('yearly')
  const [chosen, setChosen] = useState<string>()
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
            <PlanCard
              key={plan.id}
              plan={plan}
              cycle={cycle}
              seats={seats}
              chosen={chosen === plan.id}
              onChoose={() => setChosen(plan.id)}
            />
          ))}
      </div>
      <p className={styles.muted}>
        <Trans>Prices before VAT. Larger teams get an enterprise plan agreed with us.</Trans>
      </p>
      {chosen ? <Preview business={business} plan={chosen} cycle={cycle} seats={seats} /> : null}
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
