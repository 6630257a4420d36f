import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link, useRouteContext } from '@tanstack/react-router'
import type { Business } from '../../../contract/businesses.ts'
import { businessStatisticsQueryOptions } from '../../api/business.ts'
import { formatDateTime, resolveLocale } from '../../i18n/locales.ts'
import { buttonClass } from '../../ui/button/button.tsx'
import styles from './business.module.css'
import { BusinessPage } from './business-page.tsx'

/** The trial's end, a block or a scheduled deletion, which an admin must not miss. */
export function BusinessStatus({ business }: { business: Business }) {
  const { i18n } = useLingui()
  const locale = resolveLocale(i18n.locale) ?? 'en-gb'
  const admin = business.admin
  if (!admin) return null
  const deletion = admin.deletionScheduledAt
  if (deletion) {
    const date = formatDateTime(deletion, locale)
    return (
      <p className={styles.notice} role="status">
        <Trans>
          This business will be deleted on {date}. You can keep it from its{' '}
          <Link to="/business/profile">profile</Link>.
        </Trans>
      </p>
    )
  }
  if (admin.paymentMethod === 'TRIALING' && admin.trialEndsAt) {
    const date = formatDateTime(admin.trialEndsAt, locale)
    return (
      <p className={styles.notice}>
        <Trans>Your free trial runs until {date}.</Trans>
      </p>
    )
  }
  // Held on the members page (SPEC §6), the admin of a blocked business pays on the upgrade page, which
  // shows a blocked business its payment methods: a new one pays what is unpaid at once.
  if (admin.paymentMethod === 'BLOCKED') {
    return (
      <p className={styles.notice} role="status">
        <Trans>
          Your business is blocked: its last renewal is unpaid. To unblock it,{' '}
          <Link to="/business/upgrade">pay with a new card or account</Link>.
        </Trans>
      </p>
    )
  }
  if (admin.paymentMethod === 'NEEDS_PAYMENT_METHOD') {
    return (
      <p className={styles.notice} role="status">
        <Trans>
          Your free trial has ended. To go on signing on the business's account,{' '}
          <Link to="/business/upgrade">choose a plan</Link>.
        </Trans>
      </p>
    )
  }
  return null
}

function Statistics({ business }: { business: Business }) {
  const { api } = useRouteContext({ from: '__root__' })
  const { data } = useQuery(businessStatisticsQueryOptions(api, business.id))
  if (!data) return null
  return (
    <dl className={styles.stats}>
      <div className={styles.stat}>
        <dt>
          <Trans>Admins</Trans>
        </dt>
        <dd>{data.admins}</dd>
      </div>
      <div className={styles.stat}>
        <dt>
          <Trans>Members</Trans>
        </dt>
        <dd>{data.members}</dd>
      </div>
      <div className={styles.stat}>
        <dt>
          <Trans>Open invitations</Trans>
        </dt>
        <dd>{data.openInvitations}</dd>
      </div>
      <div className={styles.stat}>
        <dt>
          <Trans>Requests sent this month</Trans>
        </dt>
        <dd>{data.requestsThisMonth}</dd>
      </div>
      <div className={styles.stat}>
        <dt>
          <Trans>Signatures this month</Trans>
        </dt>
        <dd>{data.signaturesThisMonth}</dd>
      </div>
    </dl>
  )
}

/** /business/dashboard: the business at a glance, its people and its month. */
export function BusinessDashboardScreen() {
  return (
    <BusinessPage title={<Trans>Overview</Trans>}>
      {(business) => (
        <>
          <p className={styles.lead}>{business.name}</p>
          <BusinessStatus business={business} />
          <Statistics business={business} />
          <div className={styles.toolbar}>
            <Link to="/business/members" className={buttonClass({})}>
              <Trans>Invite members</Trans>
            </Link>
            <Link to="/business/settings" className={buttonClass({ variant: 'secondary' })}>
              <Trans>Settings</Trans>
            </Link>
          </div>
        </>
      )}
    </BusinessPage>
  )
}
