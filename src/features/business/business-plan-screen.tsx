import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate, useRouteContext } from '@tanstack/react-router'
import { type FormEvent, useId, useState } from 'react'
import type { Business, CreateBusiness } from '../../../contract/businesses.ts'
import {
  amountIn,
  type BillingCycle,
  type Currency,
  currencies,
  type PlanSwitch as PlanSwitchCost,
  type PricePlan,
  type Subscription,
  type UpgradePreview,
  type UpgradePreviewRequest,
} from '../../../contract/price-plans.ts'
import type { User } from '../../../contract/user.ts'
import {
  confirmDirectUpgrade,
  createDirectSetupIntent,
  directPreviewQueryOptions,
  pricePlansQueryOptions,
  upgradePreviewQueryOptions,
  usageQueryOptions,
} from '../../api/billing.ts'
import { errorCode } from '../../api/error-messages.ts'
import { userAttribute, useUser } from '../../api/user.ts'
import { currencyOf, formatDateTime, formatMoney, resolveLocale } from '../../i18n/locales.ts'
import { BusyButton } from '../../ui/button/busy-button.tsx'
import { Button, buttonClass } from '../../ui/button/button.tsx'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import { TextField } from '../../ui/form/text-field.tsx'
import { showSnackbar } from '../../ui/snackbar/show-snackbar.ts'
import styles from './business.module.css'
import { BusinessDetailsForm, businessData, newBusinessDetails } from './business-details-form.tsx'
import { businessErrorMessage } from './business-messages.ts'
import { reloadUser } from './business-notices.tsx'
import { BusinessPage } from './business-page.tsx'
import { BusinessPaymentMethods } from './business-payment-screen.tsx'
import { FreeMigrationNotice, FreePlanDowngradeOffer } from './legacy-plan-dialogs.tsx'
import { businessSetup, PaymentMethodForm } from './payment-method-form.tsx'
import { planNames } from './plan-names.ts'
import { useBusiness } from './use-business.ts'
import { useBusinessPayment } from './use-business-payment.ts'

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

/**
 * What the chosen plan costs, as the server priced it: the first period and the one after, with VAT; with
 * `inTrial`, the first period starts when the trial ends, and that is when it is charged.
 */
function Preview({ data, inTrial = false }: { data: UpgradePreview; inTrial?: boolean }) {
  const { i18n } = useLingui()
  const locale = resolveLocale(i18n.locale) ?? 'en-gb'
  const [first, next] = data.periods
  if (!first || !next) return null
  const money = (amount: number) => formatMoney(amount, locale, data.currency)
  const from = formatDateTime(first.startsAt, locale)
  const until = formatDateTime(first.endsAt, locale)
  const rate = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(
    first.vatRate / 10000,
  )
  const renewal = money(next.total)
  const firstTotal = money(first.total)
  const renewsAt = formatDateTime(next.startsAt, locale)
  const code = data.promoCode
  return (
    <section className={styles.card} aria-labelledby="preview-heading" aria-live="polite">
      <h2 id="preview-heading">
        <Trans>What you pay</Trans>
      </h2>
      {inTrial ? (
        <p data-testid="first-charge">
          <Trans>
            Your trial stays free until {from}. The plan starts then, and its first charge of {firstTotal} is
            made on {from}.
          </Trans>
        </p>
      ) : null}
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
        {first.discount > 0 ? (
          <>
            <dt>
              <Trans>Discount ({code})</Trans>
            </dt>
            <dd>−{money(first.discount)}</dd>
          </>
        ) : null}
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
          <strong data-testid="preview-total">{money(first.total)}</strong>
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
  const rate = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(
    planSwitch.vatRate / 10000,
  )
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
          {data.vatTreatment === 'swiss' ? (
            <Trans>VAT {rate}</Trans>
          ) : data.vatTreatment === 'reverseCharge' ? (
            <Trans>VAT (reverse charge)</Trans>
          ) : (
            <Trans>VAT (export, none)</Trans>
          )}
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

/** A promo code, or another business's referral code (`REF-…`), checked by the server's preview. */
function CodeField({ onApply, error }: { onApply: (code: string) => void; error?: string }) {
  const { t } = useLingui()
  const [code, setCode] = useState('')
  const apply = (event: FormEvent) => {
    event.preventDefault()
    onApply(code.trim())
  }
  return (
    <form className={styles.inline} onSubmit={apply}>
      <TextField
        label={t`Promo or referral code`}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        autoComplete="off"
        error={error}
      />
      <Button type="submit" variant="secondary">
        <Trans>Apply</Trans>
      </Button>
    </form>
  )
}

/** What the admin ordered and how the server priced it; paying subscribes through the payment machine. */
function Checkout({
  business,
  request,
  inTrial,
  run,
}: {
  business: Business
  request: UpgradePreviewRequest
  /** Ordered during the trial: nothing is charged before it ends. */
  inTrial: boolean
  /** The payment machine of the screen, which outlives this order. */
  run: ReturnType<typeof useBusinessPayment>['run']
}) {
  const { i18n } = useLingui()
  const { api, ui } = useRouteContext({ from: '__root__' })
  const navigate = useNavigate()
  const locale = resolveLocale(i18n.locale) ?? 'en-gb'
  const { data, error } = useQuery(upgradePreviewQueryOptions(api, business.id, request))
  if (error) return <FormAlert>{i18n._(businessErrorMessage(errorCode(error)))}</FormAlert>
  if (!data) return null
  const total = formatMoney(data.periods[0]?.total ?? 0, locale, data.currency)
  const firstCharge = formatDateTime(data.periods[0]?.startsAt ?? '', locale)
  return (
    <>
      <Preview data={data} inTrial={inTrial} />
      <section className={styles.card} aria-labelledby="payment-heading">
        <h2 id="payment-heading">
          <Trans>Payment</Trans>
        </h2>
        <PaymentMethodForm
          setup={businessSetup(api, business)}
          submitLabel={
            inTrial ? (
              <Trans>Subscribe: first charge on {firstCharge}</Trans>
            ) : (
              <Trans>Subscribe and pay {total}</Trans>
            )
          }
          onConfirmed={async (setupIntentId) => {
            const { amountSeats, ...order } = request
            await run({
              type: 'subscription.upgrade',
              order: { ...order, seats: amountSeats, setupIntentId },
            })
            showSnackbar(ui.snackbars, {
              message: inTrial
                ? msg`Thank you: your plan starts when your trial ends`
                : msg`Thank you: your plan is active`,
              color: 'success',
            })
            await navigate({ to: '/business/billing' })
          }}
        />
      </section>
    </>
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
function PlanGrid({
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
        <Trans>Prices before VAT. Larger teams get an enterprise plan agreed with us.</Trans>
      </p>
    </>
  )
}

/**
 * Another plan or cycle for a running subscription (SPEC PUT .../base): the plans priced for its seats, the
 * chosen one's price as the server computes it, and the switch, which charges the difference for the rest
 * of the period now.
 */
function PlanSwitch({
  business,
  subscription,
  payment,
}: {
  business: Business
  subscription: Subscription
  payment: Pick<ReturnType<typeof useBusinessPayment>, 'view' | 'run'>
}) {
  const { i18n } = useLingui()
  const { api, ui } = useRouteContext({ from: '__root__' })
  const navigate = useNavigate()
  const { data: plans } = useQuery(pricePlansQueryOptions(api))
  const [cycle, setCycle] = useState<BillingCycle>(subscription.cycle)
  const [chosen, setChosen] = useState<string>()
  const request = chosen
    ? { plan: chosen, cycle, amountSeats: subscription.seats, currency: subscription.currency }
    : null
  const { data: preview, error } = useQuery({
    ...upgradePreviewQueryOptions(
      api,
      business.id,
      request ?? { plan: '', cycle, amountSeats: 1, currency: subscription.currency },
    ),
    enabled: request !== null,
  })
  const [failure, setFailure] = useState<unknown>(null)
  if (!plans) return null
  const current = (plan: PricePlan) => plan.id === subscription.plan && cycle === subscription.cycle
  const switchPlan = async () => {
    if (!preview || !chosen) return
    setFailure(null)
    try {
      // The switch is prorated at the time the admin saw its price.
      const previewedAt = preview.planSwitch?.timestamp ?? preview.periods[0]?.startsAt ?? ''
      await payment.run({ type: 'plan.change', change: { plan: chosen, cycle, previewedAt } })
      showSnackbar(ui.snackbars, { message: msg`Your new plan is active`, color: 'success' })
      await navigate({ to: '/business/billing' })
    } catch (caught) {
      setFailure(caught)
    }
  }
  const problem = failure ?? error
  return (
    <>
      <PlanGrid
        plans={plans}
        cycle={cycle}
        onCycle={setCycle}
        currency={subscription.currency}
        seats={subscription.seats}
        current={subscription.plan}
        isChosen={(plan) => current(plan) || chosen === plan.id}
        onChoose={(plan) => setChosen(plan.id)}
        fixed={current}
      />
      {preview && !problem ? (
        <>
          {preview.planSwitch ? (
            <SwitchPreview data={preview} planSwitch={preview.planSwitch} />
          ) : (
            <Preview data={preview} />
          )}
          <p className={styles.muted}>
            <Trans>
              Switching now charges the difference for the rest of your current period to your payment method,
              less what is left of the plan you paid for.
            </Trans>
          </p>
          <BusyButton
            className={styles.cardButton}
            busy={payment.view.busy}
            onClick={() => void switchPlan()}
          >
            <Trans>Switch plan</Trans>
          </BusyButton>
        </>
      ) : null}
      {problem ? <FormAlert>{i18n._(businessErrorMessage(errorCode(problem)))}</FormAlert> : null}
    </>
  )
}

function Plans({ business }: { business: Business }) {
  const { i18n } = useLingui()
  const { api } = useRouteContext({ from: '__root__' })
  const { data: plans } = useQuery(pricePlansQueryOptions(api))
  const { data: usage } = useQuery(usageQueryOptions(api, business.id))
  const { view, run } = useBusinessPayment(business)
  const [cycle, setCycle] = useState<BillingCycle>('yearly')
  const [chosen, setChosen] = useState<string>()
  const [code, setCode] = useState('')
  // Fixed by the first payment; before it, the billing country's unless the admin picks the other.
  const fixedCurrency = business.admin?.currency ?? null
  const [currency, setCurrency] = useState<Currency>(business.billingCurrency)
  const request: UpgradePreviewRequest | null = chosen
    ? {
        plan: chosen,
        cycle,
        amountSeats: Math.max(
          usage?.seatsInUse ?? 1,
          plans?.find((plan) => plan.id === chosen)?.minSeats ?? 1,
        ),
        currency,
        ...(code === ''
          ? {}
          : code.toUpperCase().startsWith('REF-')
            ? { referralCode: code }
            : { promoCode: code }),
      }
    : null
  // The code's own refusal is shown at the code, and the order without it stays priced.
  const { error: codeError } = useQuery({
    ...upgradePreviewQueryOptions(api, business.id, request ?? { plan: '', cycle, amountSeats: 1, currency }),
    enabled: request !== null && code !== '',
  })
  const codeRefused = code !== '' && codeError !== null
  if (!plans || !usage) return null
  // A blocked business pays what is due with a new payment method; it keeps its plan.
  if (view.subscription === 'locked') return <BusinessPaymentMethods business={business} />
  if ((view.canChangePlan || view.subscription === 'changingPlan') && usage.subscription) {
    return <PlanSwitch business={business} subscription={usage.subscription} payment={{ view, run }} />
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
  return (
    <>
      <PlanGrid
        plans={plans}
        cycle={cycle}
        onCycle={setCycle}
        currency={currency}
        onCurrency={fixedCurrency === null ? setCurrency : undefined}
        seats={usage.seatsInUse}
        isChosen={(plan) => chosen === plan.id}
        onChoose={(plan) => setChosen(plan.id)}
      />
      {request ? (
        <>
          <CodeField
            onApply={setCode}
            error={codeRefused ? i18n._(businessErrorMessage(errorCode(codeError))) : undefined}
          />
          <Checkout
            key={`${request.plan}-${request.cycle}-${request.currency}`}
            business={business}
            request={codeRefused ? { ...request, promoCode: undefined, referralCode: undefined } : request}
            inTrial={view.subscription === 'trialing'}
            run={run}
          />
        </>
      ) : null}
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

/**
 * The self-service plans for someone without a business, chosen to buy one with it (in the currency they
 * choose, the UI language's at first), or only shown in `currency` (a business's, when they have one).
 */
function PlanOverview({
  onChoose,
  currency: fixedCurrency,
}: {
  onChoose?: (plan: PricePlan, cycle: BillingCycle, currency: Currency) => void
  currency?: Currency
}) {
  const { i18n } = useLingui()
  const { api } = useRouteContext({ from: '__root__' })
  const { data: plans } = useQuery(pricePlansQueryOptions(api))
  const [cycle, setCycle] = useState<BillingCycle>('yearly')
  const [chosen, setChosen] = useState<string>()
  // Until the buyer picks one, the UI language's (SPEC §9); a business's stays whatever the language.
  const [picked, setPicked] = useState<Currency>()
  const currency = fixedCurrency ?? picked ?? currencyOf[resolveLocale(i18n.locale) ?? 'en-gb']
  if (!plans) return null
  // Priced for its buyer alone: each plan at its least seats.
  return (
    <PlanGrid
      plans={plans}
      cycle={cycle}
      onCycle={setCycle}
      currency={currency}
      onCurrency={fixedCurrency === undefined && onChoose ? setPicked : undefined}
      seats={1}
      isChosen={(plan) => chosen === plan.id}
      onChoose={
        onChoose &&
        ((plan) => {
          setChosen(plan.id)
          onChoose(plan, cycle, currency)
        })
      }
    />
  )
}

/**
 * Buying a plan in one step (SPEC direct upgrade): the company it is for, what it costs there, and the
 * payment; the business opens with it, the buyer its first admin.
 */
function DirectCheckout({
  plan,
  cycle,
  currency,
  user,
}: {
  plan: PricePlan
  cycle: BillingCycle
  currency: Currency
  user: User
}) {
  const { i18n } = useLingui()
  const context = useRouteContext({ from: '__root__' })
  const { api, ui } = context
  const navigate = useNavigate()
  const [company, setCompany] = useState<CreateBusiness>()
  const locale = resolveLocale(i18n.locale) ?? 'en-gb'
  const order = { plan: plan.id, cycle, amountSeats: plan.minSeats, currency }
  const { data: preview, error } = useQuery({
    ...directPreviewQueryOptions(api, { ...order, country: company?.billing.country ?? '' }),
    enabled: company !== undefined,
  })
  if (!company) {
    return (
      <section className={styles.card} aria-labelledby="company-heading">
        <h2 id="company-heading">
          <Trans>Your company</Trans>
        </h2>
        <BusinessDetailsForm
          initial={newBusinessDetails(user.email)}
          submitLabel={<Trans>Continue to payment</Trans>}
          onSubmit={async (values) => setCompany(businessData(values))}
        />
      </section>
    )
  }
  if (error) return <FormAlert>{i18n._(businessErrorMessage(errorCode(error)))}</FormAlert>
  if (!preview) return null
  const total = formatMoney(preview.periods[0]?.total ?? 0, locale, preview.currency)
  return (
    <>
      <Preview data={preview} />
      <section className={styles.card} aria-labelledby="payment-heading">
        <h2 id="payment-heading">
          <Trans>Payment</Trans>
        </h2>
        <PaymentMethodForm
          setup={{
            key: ['direct-upgrade', user.id, company.billing.country],
            create: () => createDirectSetupIntent(api, company.billing.country),
          }}
          submitLabel={<Trans>Subscribe and pay {total}</Trans>}
          onConfirmed={async (setupIntentId) => {
            await confirmDirectUpgrade(api, { ...order, setupIntentId, business: company })
            await reloadUser(context)
            showSnackbar(ui.snackbars, { message: msg`Thank you: your plan is active`, color: 'success' })
            await navigate({ to: '/business/billing' })
          }}
        />
      </section>
    </>
  )
}

/** A user without a business chooses a plan and buys it with the business it is for. */
function BuyPlan({ user }: { user: User }) {
  const [choice, setChoice] = useState<{ plan: PricePlan; cycle: BillingCycle; currency: Currency }>()
  return (
    <>
      <PlanOverview onChoose={(plan, cycle, currency) => setChoice({ plan, cycle, currency })} />
      {choice ? (
        <DirectCheckout
          key={`${choice.plan.id}-${choice.cycle}-${choice.currency}`}
          plan={choice.plan}
          cycle={choice.cycle}
          currency={choice.currency}
          user={user}
        />
      ) : null}
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
  const business = user.business && user.business.invitationId === null ? user.business : null
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
