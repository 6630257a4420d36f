import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useNavigate, useRouteContext } from '@tanstack/react-router'
import * as v from 'valibot'
import { billingPaths, type FairFlatMigration, fairFlatMigrationSchema } from '../../../contract/billing.ts'
import { businessKey } from '../../api/business.ts'
import { errorCode } from '../../api/error-messages.ts'
import { formatDateTime, formatMoney, resolveLocale } from '../../i18n/locales.ts'
import { BusyButton } from '../../ui/button/busy-button.tsx'
import { Button } from '../../ui/button/button.tsx'
import type { DialogContentProps } from '../../ui/dialog/define-dialog.ts'
import { DialogFrame } from '../../ui/dialog/dialog-frame.tsx'
import { openDialog } from '../../ui/dialog/open-dialog.tsx'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import { showSnackbar } from '../../ui/snackbar/show-snackbar.ts'
import styles from './business.module.css'
import { businessDialogs } from './business-dialogs.ts'
import { businessErrorMessage } from './business-messages.ts'
import { askToMigrate, reloadUser } from './business-notices.tsx'
import { ScreenLeft } from './use-business-payment.ts'

/** Props of the fair-flat migration dialog. */
export interface FairFlatMigrationProps {
  businessId: string
  /** Plan names as the admin reads them, by plan id. */
  planNames: Record<string, string>
}

/**
 * SPEC §2 fair-flat migration: a business on a retired flat plan (sme_v2, ent_v2) sees the per-seat plan
 * that replaces it for its seats, what it pays each period now and after, and what moving now costs (the
 * unused time of the old plan credited). Accepting submits the priced offer; the opener switches the plan
 * through the payment machine (`plan.change`).
 */
export function FairFlatMigrationDialog({
  props,
  loading,
  error,
  submit,
  close,
}: DialogContentProps<FairFlatMigrationProps, FairFlatMigration>) {
  const { i18n } = useLingui()
  const { api } = useRouteContext({ from: '__root__' })
  const planName = (id: string) => props.planNames[id] ?? id
  const { data: offer, error: offerError } = useQuery({
    queryKey: [...businessKey(props.businessId), 'fair-flat-migration'],
    queryFn: async () =>
      v.parse(
        fairFlatMigrationSchema,
        await api.request(billingPaths.fairFlatMigrationPreview(props.businessId), { method: 'POST' }),
      ),
    retry: false,
    staleTime: 0,
  })
  const problem = error ?? offerError
  return (
    <DialogFrame
      title={<Trans>Your plan moves to per-seat pricing</Trans>}
      description={
        offer ? (
          <Trans>
            {planName(offer.fromPlan)} is retired. {planName(offer.toPlan)} replaces it: the same signing for
            everyone on your account, priced per seat.
          </Trans>
        ) : (
          <Trans>Your plan is retired. A per-seat plan replaces it.</Trans>
        )
      }
      actions={
        <>
          <Button variant="secondary" onClick={close} disabled={loading}>
            <Trans>Not now</Trans>
          </Button>
          <BusyButton busy={loading} disabled={!offer} onClick={() => offer && submit(offer)}>
            <Trans>Move to the new plan</Trans>
          </BusyButton>
        </>
      }
    >
      {offer ? <MigrationMaths offer={offer} planName={planName} /> : null}
      {problem ? <FormAlert>{i18n._(businessErrorMessage(errorCode(problem)))}</FormAlert> : null}
    </DialogFrame>
  )
}

function MigrationMaths({ offer, planName }: { offer: FairFlatMigration; planName: (id: string) => string }) {
  const { i18n } = useLingui()
  const locale = resolveLocale(i18n.locale) ?? 'en-gb'
  const money = (amount: number) => formatMoney(amount, locale, offer.currency)
  const { planSwitch } = offer
  const until = formatDateTime(planSwitch.periodEnd, locale)
  const from = planName(offer.fromPlan)
  const to = planName(offer.toPlan)
  const now = money(offer.currentPeriodAmount)
  const after = money(offer.newPeriodAmount)
  return (
    <dl className={styles.facts} data-testid="migration-maths" aria-live="polite">
      <dt>
        <Plural value={offer.seats} one={`${from} now, one seat`} other={`${from} now, # seats`} />
      </dt>
      <dd data-testid="migration-now">
        {offer.cycle === 'yearly' ? <Trans>{now} a year</Trans> : <Trans>{now} a month</Trans>}
      </dd>
      <dt>
        <Plural value={offer.seats} one={`${to} after, one seat`} other={`${to} after, # seats`} />
      </dt>
      <dd data-testid="migration-after">
        {offer.cycle === 'yearly' ? <Trans>{after} a year</Trans> : <Trans>{after} a month</Trans>}
      </dd>
      <dt>
        <Trans>Unused time of {from}</Trans>
      </dt>
      <dd>−{money(planSwitch.credit)}</dd>
      <dt>
        <Trans>
          {to} until {until}
        </Trans>
      </dt>
      <dd>{money(planSwitch.charge)}</dd>
      <dt>
        <Trans>VAT</Trans>
      </dt>
      <dd>{money(planSwitch.vat)}</dd>
      <dt>
        <Trans>Charged now</Trans>
      </dt>
      <dd>
        <strong data-testid="migration-total">{money(planSwitch.total)}</strong>
      </dd>
    </dl>
  )
}

/** What the free migration dialog submits: the new free plan, or a plan instead. */
export type FreeMigrationChoice = 'migrate' | 'upgrade'

/**
 * SPEC §2 free migration: the legacy free plan ends. The user moves to the new free plan (signs requests
 * sent to them; uploading needs a plan, SPEC §6) or upgrades.
 */
export function FreeMigrationDialog({
  loading,
  error,
  submit,
  close,
}: DialogContentProps<void, FreeMigrationChoice>) {
  const { i18n } = useLingui()
  return (
    <DialogFrame
      title={<Trans>Your free plan changes</Trans>}
      description={
        <Trans>
          The free plan you signed up for is retired. On the new free plan you still sign every request sent
          to you, with your own free signatures; uploading documents and asking others to sign needs a plan.
        </Trans>
      }
      actions={
        <>
          <Button variant="secondary" onClick={close} disabled={loading}>
            <Trans>Decide later</Trans>
          </Button>
          <Button variant="secondary" onClick={() => submit('upgrade')} disabled={loading}>
            <Trans>See the plans</Trans>
          </Button>
          <BusyButton busy={loading} onClick={() => submit('migrate')}>
            <Trans>Move to the new free plan</Trans>
          </BusyButton>
        </>
      }
    >
      {error ? <FormAlert>{i18n._(businessErrorMessage(errorCode(error)))}</FormAlert> : null}
    </DialogFrame>
  )
}

/**
 * The notice a user on the legacy free plan sees on /upgrade, opening the free migration dialog (the
 * dashboard offers the dialog once per session, BusinessNotices); seeing the plans leaves them here.
 */
export function FreeMigrationNotice() {
  const context = useRouteContext({ from: '__root__' })
  const open = () => askToMigrate(context)
  return (
    <section className={styles.notice} role="status" data-testid="free-migration-notice">
      <p>
        <Trans>The free plan you signed up for is retired: choose the new free plan or a plan.</Trans>
      </p>
      <Button onClick={open}>
        <Trans>What changes</Trans>
      </Button>
    </section>
  )
}

/** Props of the free plan downgrade dialog. */
export interface FreePlanDowngradeProps {
  businessName: string
  /** People and open invitations of the business, who all lose its plan. */
  people: number
}

/**
 * SPEC §2 free plan downgrade: instead of paying, the business closes and everyone on it moves to the new
 * free plan. The dialog says what is lost before the admin confirms.
 */
export function FreePlanDowngradeDialog({ props, ...dialog }: DialogContentProps<FreePlanDowngradeProps>) {
  const { i18n } = useLingui()
  const { businessName, people } = props
  return (
    <DialogFrame
      title={<Trans>Move to the free plan instead?</Trans>}
      description={
        <Trans>
          {businessName} closes now and nobody pays. Everyone on it keeps their account and their documents,
          on the free plan.
        </Trans>
      }
      actions={
        <>
          <Button variant="secondary" onClick={dialog.close} disabled={dialog.loading}>
            <Trans>Keep the business</Trans>
          </Button>
          <BusyButton busy={dialog.loading} onClick={() => dialog.submit()}>
            <Trans>Move to the free plan</Trans>
          </BusyButton>
        </>
      }
    >
      <ul data-testid="downgrade-losses">
        <li>
          <Plural
            value={people}
            one="The one person of the business loses its plan, and signs with their own free signatures."
            other="The # people and invitations of the business lose its plan, and sign with their own free signatures."
          />
        </li>
        <li>
          <Trans>Uploading documents and asking others to sign is not possible on the free plan.</Trans>
        </li>
        <li>
          <Trans>
            Its members, seals, API users, domains, branding and settings are deleted; its activity is no
            longer available.
          </Trans>
        </li>
        <li>
          <Trans>To have them again, open a new business account and choose a plan.</Trans>
        </li>
      </ul>
      {dialog.error ? <FormAlert>{i18n._(businessErrorMessage(errorCode(dialog.error)))}</FormAlert> : null}
    </DialogFrame>
  )
}

/**
 * The free plan offer beside the plans of a business whose trial ran out or whose subscription ended: the
 * free plan downgrade dialog, whose confirmation runs `plan.downgradeToFree` through the payment machine,
 * then waits for the business to close and goes home.
 */
export function FreePlanDowngradeOffer({
  businessName,
  people,
  downgrade,
}: {
  businessName: string
  people: number
  downgrade: () => Promise<void>
}) {
  const context = useRouteContext({ from: '__root__' })
  const navigate = useNavigate()
  const open = () =>
    openDialog(context.ui, businessDialogs.freePlanDowngrade, {
      props: { businessName, people },
      action: async () => {
        // The business closing may take its screen with it before the machine settles: the reload tells.
        await downgrade().catch((error: unknown) => {
          if (!(error instanceof ScreenLeft)) throw error
        })
        for (let tries = 0; tries < 20; tries++) {
          if (!(await reloadUser(context)).business) break
          await new Promise((resolve) => setTimeout(resolve, 250))
        }
        showSnackbar(context.ui.snackbars, { message: msg`You are on the free plan`, color: 'success' })
        await navigate({ to: '/dashboard' })
      },
    })
  return (
    <section className={styles.card} data-testid="free-plan-offer">
      <p>
        <Trans>Not ready to pay? Close the business and move everyone to the free plan.</Trans>
      </p>
      <Button variant="secondary" onClick={open}>
        <Trans>Move to the free plan</Trans>
      </Button>
    </section>
  )
}
