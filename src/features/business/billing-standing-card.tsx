import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { BillingStandingView } from '../../../machines/business-payment/billing-standing.ts'
import { formatDateTime, resolveLocale } from '../../i18n/locales.ts'
import { Button, buttonClass } from '../../ui/button/button.tsx'
import styles from './business.module.css'

/** What the standing card needs besides the standing: the next charge's amount and the ways to act. */
export interface BillingStandingCardProps {
  view: BillingStandingView
  /** What the next renewal charges before VAT, formatted; empty while the plans load. */
  nextAmount: string
  /** A call of the payment machine runs: its buttons wait. */
  busy: boolean
  /** Keeps a subscription that is ending (the machine's `subscription.reactivate`). */
  onKeepSubscription: () => void
  /** Further actions of the situation, after its main one (ending the trial). */
  more?: ReactNode
  /** Why the last action failed. */
  error?: ReactNode
}

/**
 * /business/billing's first card (SPEC §4 Business payment, in words): where the business stands, what
 * happens next and when, and the action that changes it, from machines/business-payment/billing-standing.
 */
export function BillingStandingCard({
  view,
  nextAmount,
  busy,
  onKeepSubscription,
  more,
  error,
}: BillingStandingCardProps) {
  const { i18n } = useLingui()
  const { standing, deletionOn } = view
  if (standing === null) return null
  const locale = resolveLocale(i18n.locale) ?? 'en-gb'
  const date = (iso: string | null) => (iso === null ? '' : formatDateTime(iso, locale))
  const urgent =
    standing.situation === 'paymentIssue' ||
    standing.situation === 'locked' ||
    standing.situation === 'trialExpired'
  let state: ReactNode
  let next: ReactNode
  let action: ReactNode
  switch (standing.situation) {
    case 'trialing': {
      const ends = date(standing.trialEndsAt)
      state = <Trans>You are on the free trial.</Trans>
      next = (
        <Trans>
          Your trial ends on {ends}. After that your members sign with their own free signatures until you
          choose a plan.
        </Trans>
      )
      action = <ChoosePlan to="/business/billing/plan" />
      break
    }
    case 'trialExpired': {
      const ended = date(standing.trialEndedAt)
      state = <Trans>Your free trial has ended.</Trans>
      next = (
        <Trans>
          It ended on {ended}. Until you choose a plan and add a payment method, your members sign with their
          own free signatures.
        </Trans>
      )
      action = <ChoosePlan to="/business/upgrade" />
      break
    }
    case 'cancelled':
      state = <Trans>Your business has no plan any more.</Trans>
      next = <Trans>Until you choose a plan, your members sign with their own free signatures.</Trans>
      // A business without a plan pays on the upgrade page: the route guard holds its admin off the plan page.
      action = <ChoosePlan to="/business/upgrade" />
      break
    case 'active': {
      const on = date(standing.nextChargeAt)
      state = <Trans>Your subscription is active.</Trans>
      next = nextAmount ? (
        <Trans>
          The next charge is on {on}: {nextAmount} before VAT.
        </Trans>
      ) : (
        <Trans>The next charge is on {on}.</Trans>
      )
      action = (
        <Link to="/business/billing/plan" className={buttonClass({})}>
          <Trans>Change plan</Trans>
        </Link>
      )
      break
    }
    case 'subscribedInTrial': {
      const on = date(standing.firstChargeAt)
      state = <Trans>Your trial stays free until {on}.</Trans>
      next = nextAmount ? (
        <Trans>
          Your plan starts then, with its first charge of {nextAmount} before VAT on {on}.
        </Trans>
      ) : (
        <Trans>Your plan starts then, with its first charge on {on}.</Trans>
      )
      action = (
        <Link to="/business/billing/plan" className={buttonClass({})}>
          <Trans>Change plan</Trans>
        </Link>
      )
      break
    }
    case 'paymentIssue': {
      const blocked = date(standing.blockedAfter)
      state = <Trans>The last renewal could not be charged.</Trans>
      next = blocked ? (
        <Trans>Update the payment method by {blocked}: after that the business is blocked.</Trans>
      ) : (
        <Trans>Update the payment method, or the business is blocked.</Trans>
      )
      action = (
        <Link to="/business/billing/payment" className={buttonClass({})}>
          <Trans>Update the payment method</Trans>
        </Link>
      )
      break
    }
    case 'locked':
      state = <Trans>Your business is blocked: the last renewal is unpaid.</Trans>
      next = (
        <Trans>Its members cannot sign on its account until it is paid with a new card or account.</Trans>
      )
      action = (
        <Link to="/business/upgrade" className={buttonClass({})}>
          <Trans>Pay to unblock</Trans>
        </Link>
      )
      break
    case 'cancelling': {
      const ends = date(standing.endsAt)
      state = <Trans>Your subscription is cancelled.</Trans>
      next = <Trans>It ends on {ends}. After that your members sign with their own free signatures.</Trans>
      action = (
        <Button disabled={busy} onClick={onKeepSubscription}>
          <Trans>Keep the subscription</Trans>
        </Button>
      )
      break
    }
    case 'manual':
      state = <Trans>Your business is invoiced by hand.</Trans>
      next = <Trans>Each invoice comes by e-mail and is listed with your invoices.</Trans>
      action = (
        <Link to="/business/billing/invoices" className={buttonClass({})}>
          <Trans>See the invoices</Trans>
        </Link>
      )
      break
  }
  const deletion = deletionOn === null ? '' : date(deletionOn)
  return (
    <section
      className={urgent ? `${styles.card} ${styles.urgent}` : styles.card}
      aria-labelledby="standing-heading"
      data-testid="billing-standing"
      data-situation={standing.situation}
    >
      <h2 id="standing-heading">
        <Trans>Where your business stands</Trans>
      </h2>
      <p className={styles.standingState}>{state}</p>
      <p>{next}</p>
      {deletion ? (
        <p>
          <Trans>Your business will be deleted on {deletion}.</Trans>{' '}
          <Link to="/business/profile">
            <Trans>Keep the business</Trans>
          </Link>
        </p>
      ) : null}
      {error}
      <div className={styles.toolbar}>
        {action}
        {more}
      </div>
    </section>
  )
}

function ChoosePlan({ to }: { to: '/business/billing/plan' | '/business/upgrade' }) {
  return (
    <Link to={to} className={buttonClass({})}>
      <Trans>Choose a plan</Trans>
    </Link>
  )
}
