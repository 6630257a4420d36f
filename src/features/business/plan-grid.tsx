import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import {
  amountIn,
  type BillingCycle,
  type Currency,
  currencies,
  type PricePlan,
} from '../../../contract/price-plans.ts'
import { formatMoney } from '../../i18n/locales.ts'
import { mailboxAddress, mailboxHref } from '../../lib/mailboxes.ts'
import { Button } from '../../ui/button/button.tsx'
import styles from './business.module.css'
import { planNames } from './plan-names.ts'

function PlanCard({
  plan,
  cycle,
  currency,
  seats,
  current,
  chosen,
  onChoose,
}: {
  plan: PricePlan
  cycle: BillingCycle
  /** The buyer's billing currency, whatever the UI language. */
  currency: Currency
  seats: number
  /** The business is on this plan now. */
  current: boolean
  chosen: boolean
  /** Without it the plan is only shown (to someone who opens a business first). */
  onChoose?: () => void
}) {
  const { i18n } = useLingui()
  const perSeat = formatMoney(amountIn(plan.seatPrices[cycle], currency), i18n.locale, currency)
  // A plan for more people than the business has is bought at its least seats; one for fewer does not fit.
  const fits = plan.maxSeats === null || seats <= plan.maxSeats
  const bought = Math.max(seats, plan.minSeats)
  const total = formatMoney(amountIn(plan.seatPrices[cycle], currency) * bought, i18n.locale, currency)
  const { minSeats: min, maxSeats: max } = plan
  const name = i18n._(planNames[plan.tier])
  return (
    <article
      className={styles.plan}
      data-tier={plan.tier}
      aria-label={name}
      aria-current={current ? 'true' : undefined}
    >
      {current ? (
        <p className={styles.currentPlan}>
          <Trans>Your current plan</Trans>
        </p>
      ) : null}
      <h2>{name}</h2>
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
              value={bought}
              one={`For one seat: ${total} a month`}
              other={`For # seats: ${total} a month`}
            />
          ) : (
            <Plural
              value={bought}
              one={`For one seat: ${total} a year`}
              other={`For # seats: ${total} a year`}
            />
          )}
        </p>
      ) : (
        <p className={styles.muted}>
          <Plural value={seats} one="Not for one seat" other="Not for # seats" />
        </p>
      )}
      {fits && onChoose ? (
        <Button variant={chosen ? 'primary' : 'secondary'} aria-pressed={chosen} onClick={onChoose}>
          {chosen ? <Trans>Chosen</Trans> : <Trans>Choose {name}</Trans>}
        </Button>
      ) : null}
    </article>
  )
}

/** Yearly or monthly billing, for the plans shown below it. */
function CycleChoice({ cycle, onChange }: { cycle: BillingCycle; onChange: (cycle: BillingCycle) => void }) {
  const name = useId()
  return (
    <fieldset className={styles.cycle}>
      <legend>
        <Trans>Billed</Trans>
      </legend>
      <label>
        <input type="radio" name={name} checked={cycle === 'yearly'} onChange={() => onChange('yearly')} />
        <Trans>Yearly (two months free)</Trans>
      </label>
      <label>
        <input type="radio" name={name} checked={cycle === 'monthly'} onChange={() => onChange('monthly')} />
        <Trans>Monthly</Trans>
      </label>
    </fieldset>
  )
}

/** The currency of a first payment, which every later price and invoice of the business keeps. */
function CurrencyChoice({
  currency,
  onChange,
}: {
  currency: Currency
  onChange: (currency: Currency) => void
}) {
  const name = useId()
  return (
    <fieldset className={styles.cycle}>
      <legend>
        <Trans>Currency</Trans>
      </legend>
      {currencies.map((code) => (
        <label key={code}>
          <input type="radio" name={name} checked={currency === code} onChange={() => onChange(code)} />
          {code}
        </label>
      ))}
    </fieldset>
  )
}

/**
 * The self-service plans side by side for `seats` seats, billed `cycle` in `currency`, each to choose
 * unless `fixed`, the business's `current` one marked.
 */
export function PlanGrid({
  plans,
  cycle,
  onCycle,
  currency,
  onCurrency,
  seats,
  current,
  isChosen,
  onChoose,
  fixed,
}: {
  plans: PricePlan[]
  cycle: BillingCycle
  onCycle: (cycle: BillingCycle) => void
  currency: Currency
  /** Only before the first payment fixes the currency: then the buyer chooses it here. */
  onCurrency?: (currency: Currency) => void
  seats: number
  /** The plan the business is on now, if any. */
  current?: string
  isChosen: (plan: PricePlan) => boolean
  /** Without it the plans are only shown. */
  onChoose?: (plan: PricePlan) => void
  /** A plan that cannot be chosen, e.g. the one the business is on. */
  fixed?: (plan: PricePlan) => boolean
}) {
  return (
    <>
      <CycleChoice cycle={cycle} onChange={onCycle} />
      {onCurrency ? <CurrencyChoice currency={currency} onChange={onCurrency} /> : null}
      <div className={styles.plans}>
        {plans
          .filter((plan) => plan.selfService)
          .map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              cycle={cycle}
              currency={currency}
              seats={seats}
              current={plan.id === current}
              chosen={isChosen(plan)}
              onChoose={onChoose && !fixed?.(plan) ? () => onChoose(plan) : undefined}
            />
          ))}
      </div>
      <p className={styles.muted}>
        <Trans>
          Prices before VAT. Larger teams get an enterprise plan agreed with us: write to{' '}
          <a href={mailboxHref('sales', 'Enterprise plan')}>{mailboxAddress('sales')}</a>.
        </Trans>
      </p>
    </>
  )
}
