import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link, useRouteContext } from '@tanstack/react-router'
import type { Business } from '../../../contract/businesses.ts'
import { amountIn } from '../../../contract/price-plans.ts'
import { isLegacyPlan } from '../../../machines/business-payment/price-plan.ts'
import { previewSeats, pricePlansQueryOptions, usageQueryOptions } from '../../api/billing.ts'
import { formatDateTime, formatMoney, resolveLocale } from '../../i18n/locales.ts'
import { Button, buttonClass } from '../../ui/button/button.tsx'
import type { DialogDefinition } from '../../ui/dialog/define-dialog.ts'
import { openDialog } from '../../ui/dialog/open-dialog.tsx'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import { showSnackbar } from '../../ui/snackbar/show-snackbar.ts'
import { BillingStandingCard } from './billing-standing-card.tsx'
import styles from './business.module.css'
import { businessDialogs } from './business-dialogs.ts'
import { businessErrorMessage } from './business-messages.ts'
import { BusinessPage } from './business-page.tsx'
import { planNames } from './plan-names.ts'
import { openAddSeats, type SeatsProps } from './seats-dialog.tsx'
import { useBusinessPayment } from './use-business-payment.ts'

function Billing({ business }: { business: Business }) {
  const { i18n } = useLingui()
  const { api, ui } = useRouteContext({ from: '__root__' })
  const { data: usage } = useQuery(usageQueryOptions(api, business.id))
  const { data: plans } = useQuery(pricePlansQueryOptions(api))
  const { view, standing, run } = useBusinessPayment(business)
  const admin = business.admin
  if (!admin || !usage) return null
  const locale = resolveLocale(i18n.locale) ?? 'en-gb'
  const date = (iso: string) => formatDateTime(iso, locale)
  const subscription = admin.subscription
  const plan = plans?.find((found) => found.id === subscription?.plan)
  const planName = plan ? i18n._(planNames[plan.tier]) : (subscription?.plan ?? '')
  const periodEnd = subscription ? date(subscription.currentPeriodEnd) : ''
  const nextAmount =
    subscription && plan
      ? formatMoney(
          amountIn(plan.seatPrices[subscription.cycle], subscription.currency) *
            (subscription.seatsAtPeriodEnd ?? subscription.seats),
          locale,
          subscription.currency,
        )
      : ''
  // Opens a dialog whose confirmation is a payment machine event, and says when it is done.
  const act = <P, V>(
    dialog: DialogDefinition<P, V>,
    props: P,
    event: (value: V) => Parameters<typeof run>[0],
    done: ReturnType<typeof msg>,
  ) =>
    openDialog(ui, dialog, {
      props,
      action: async ({ value }) => {
        await run(event(value))
        showSnackbar(ui.snackbars, { message: done, color: 'success' })
      },
    })
  const seatsProps = (mode: SeatsProps['mode']): SeatsProps => ({
    businessId: business.id,
    mode,
    seats: subscription?.seats ?? 0,
    seatsInUse: usage.seatsInUse,
    periodEnd: subscription?.currentPeriodEnd,
  })
  const scheduled = subscription?.seatsAtPeriodEnd ?? null
  // Takes a drop of seats back: as many seats as paid, previewed now (it costs nothing).
  const keepSeats = async () => {
    if (!subscription) return
    const preview = await previewSeats(api, business.id, subscription.seats)
    await run({ type: 'seats.change', change: { seats: preview.seats, previewedAt: preview.timestamp } })
    showSnackbar(ui.snackbars, { message: msg`Your seats stay as they are`, color: 'success' })
  }
  // SPEC §2 fair-flat migration: the offer is priced in the dialog; accepting switches the plan now.
  const migrate = () =>
    openDialog(ui, businessDialogs.fairFlatMigration, {
      props: {
        businessId: business.id,
        planNames: Object.fromEntries(
          (plans ?? []).map((found) => [found.id, i18n._(planNames[found.tier])]),
        ),
      },
      action: async ({ value: offer }) => {
        await run({
          type: 'plan.change',
          change: { plan: offer.toPlan, cycle: offer.cycle, previewedAt: offer.planSwitch.timestamp },
        })
        showSnackbar(ui.snackbars, { message: msg`Your new plan is active`, color: 'success' })
      },
    })
  return (
    <>
      <BillingStandingCard
        view={standing}
        nextAmount={nextAmount}
        busy={view.busy}
        onKeepSubscription={() =>
          void run({ type: 'subscription.reactivate' }).then(
            () => showSnackbar(ui.snackbars, { message: msg`Your plan goes on`, color: 'success' }),
            () => undefined,
          )
        }
        error={view.error ? <FormAlert>{i18n._(businessErrorMessage(view.error))}</FormAlert> : null}
        more={
          view.canCancelTrial ? (
            <Button
              variant="secondary"
              onClick={() =>
                act(
                  businessDialogs.cancelTrial,
                  undefined,
                  () => ({ type: 'trial.cancel' }),
                  msg`The trial has ended`,
                )
              }
            >
              <Trans>End the trial now</Trans>
            </Button>
          ) : null
        }
      />
      {subscription && isLegacyPlan(subscription.plan) && view.canChangePlan ? (
        <section className={styles.notice} role="status" data-testid="fair-flat-notice">
          <p>
            <Trans>
              Your plan is retired. See the per-seat plan that replaces it, and what it costs your business.
            </Trans>
          </p>
          <Button onClick={migrate}>
            <Trans>See the new plan</Trans>
          </Button>
        </section>
      ) : null}
      {subscription && !['trialing', 'trialExpired', 'cancelled'].includes(view.subscription) ? (
        <section className={styles.card} aria-labelledby="plan-heading">
          <h2 id="plan-heading">
            <Trans>Your plan</Trans>
          </h2>
          <dl className={styles.facts}>
            <dt>
              <Trans>Plan</Trans>
            </dt>
            <dd data-testid="plan-name">
              {subscription.cycle === 'yearly' ? (
                <Trans>{planName}, billed yearly</Trans>
              ) : (
                <Trans>{planName}, billed monthly</Trans>
              )}
            </dd>
            <dt>
              <Trans>Seats</Trans>
            </dt>
            <dd data-testid="seats">
              <Trans>
                {usage.seatsInUse} of {subscription.seats} in use
              </Trans>
              {scheduled !== null ? (
                <>
                  {' · '}
                  <span data-testid="seats-scheduled">
                    <Plural
                      value={scheduled}
                      one={`from ${periodEnd}: one seat`}
                      other={`from ${periodEnd}: # seats`}
                    />
                  </span>
                </>
              ) : null}
            </dd>
            {subscription.promoCode ? (
              <>
                <dt>
                  <Trans>Promo code</Trans>
                </dt>
                <dd>{subscription.promoCode}</dd>
              </>
            ) : null}
          </dl>
          {view.canCancelSubscription ? (
            <div className={styles.toolbar}>
              <Button
                variant="secondary"
                onClick={() =>
                  act(
                    businessDialogs.cancelSubscription,
                    { date: periodEnd },
                    () => ({ type: 'subscription.cancel' }),
                    msg`The subscription ends at the close of the period`,
                  )
                }
              >
                <Trans>Cancel subscription</Trans>
              </Button>
            </div>
          ) : null}
        </section>
      ) : null}
      <section className={styles.card} aria-labelledby="seats-heading">
        <h2 id="seats-heading">
          <Trans>Seats</Trans>
        </h2>
        <p>
          <Plural
            value={usage.seatsInUse}
            one="One person or invitation of your business uses a seat: everyone who signs on its account uses one."
            other="# people and invitations of your business use a seat: everyone who signs on its account, admins included."
          />
        </p>
        <div className={styles.toolbar}>
          {view.canChangeSeats ? (
            <>
              <Button
                onClick={async () => {
                  const bought = await openAddSeats(ui, seatsProps('add'), (change) =>
                    run({ type: 'seats.change', change }),
                  )
                  if (bought) showSnackbar(ui.snackbars, { message: msg`Seats added`, color: 'success' })
                }}
              >
                <Trans>Add seats</Trans>
              </Button>
              <Button
                variant="secondary"
                disabled={(subscription?.seats ?? 0) <= Math.max(1, usage.seatsInUse)}
                onClick={() =>
                  act(
                    businessDialogs.removeSeats,
                    seatsProps('remove'),
                    (change) => ({ type: 'seats.change', change }),
                    msg`Seats removed`,
                  )
                }
              >
                <Trans>Remove seats</Trans>
              </Button>
              {scheduled !== null && subscription ? (
                <Button variant="secondary" onClick={() => void keepSeats().catch(() => undefined)}>
                  <Plural value={subscription.seats} one="Keep one seat" other="Keep # seats" />
                </Button>
              ) : null}
            </>
          ) : null}
          <Link to="/business/members" className={buttonClass({ variant: 'secondary' })}>
            <Trans>Manage members</Trans>
          </Link>
        </div>
      </section>
      <section className={styles.card} aria-labelledby="payment-heading">
        <h2 id="payment-heading">
          <Trans>Payment and invoices</Trans>
        </h2>
        <div className={styles.toolbar}>
          <Link to="/business/billing/payment" className={buttonClass({ variant: 'secondary' })}>
            <Trans>Payment method</Trans>
          </Link>
          <Link to="/business/billing/invoices" className={buttonClass({ variant: 'secondary' })}>
            <Trans>Invoices</Trans>
          </Link>
          <Link to="/business/extras" className={buttonClass({ variant: 'secondary' })}>
            <Trans>Extras</Trans>
          </Link>
        </div>
      </section>
    </>
  )
}

/** /business/billing: the business's plan as the payment machine sees it, its seats, payment and invoices. */
export function BusinessBillingScreen() {
  return (
    <BusinessPage title={<Trans>Billing</Trans>}>
      {(business) => <Billing business={business} />}
    </BusinessPage>
  )
}
