import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link, useRouteContext } from '@tanstack/react-router'
import type { Business } from '../../../contract/businesses.ts'
import { businessStatisticsQueryOptions } from '../../api/business.ts'
import { formatDateTime, resolveLocale } from '../../i18n/locales.ts'
import { buttonClass } from '../../ui/button/button.tsx'
import styles from './business.module.css'
import { BusinessPage } from './business-page.tsx'

function Billing({ business }: { business: Business }) {
  const { i18n } = useLingui()
  const { api } = useRouteContext({ from: '__root__' })
  const { data: statistics } = useQuery(businessStatisticsQueryOptions(api, business.id))
  const admin = business.admin
  if (!admin) return null
  const locale = resolveLocale(i18n.locale) ?? 'en-gb'
  const trialEnd = admin.trialEndsAt ? formatDateTime(admin.trialEndsAt, locale) : undefined
  const seats = statistics ? statistics.admins + statistics.members : undefined
  return (
    <>
      <section className={styles.card} aria-labelledby="plan-heading">
        <h2 id="plan-heading">
          <Trans>Your plan</Trans>
        </h2>
        {admin.paymentMethod === 'TRIALING' ? (
          <p>
            <Trans>
              You are trying the product for free until {trialEnd}. Choose a plan to go on after that.
            </Trans>
          </p>
        ) : admin.paymentMethod === 'NEEDS_PAYMENT_METHOD' ? (
          <p className={styles.notice} role="status">
            <Trans>
              Your free trial has ended. Choose a plan and add a payment method: until then your members sign
              with their own free signatures.
            </Trans>
          </p>
        ) : admin.paymentMethod === 'MANUAL' ? (
          <p>
            <Trans>Your business is invoiced by hand, as agreed with us.</Trans>
          </p>
        ) : null}
        <Link to="/business/billing/plan" className={`${buttonClass({})} ${styles.cardButton}`}>
          <Trans>Choose a plan</Trans>
        </Link>
      </section>
      <section className={styles.card} aria-labelledby="seats-heading">
        <h2 id="seats-heading">
          <Trans>Seats</Trans>
        </h2>
        {seats !== undefined ? (
          <p>
            <Plural
              value={seats}
              one="One person of your business uses a seat: everyone who signs on its account uses one."
              other="# people of your business use a seat: everyone who signs on its account, admins included."
            />
          </p>
        ) : null}
        <Link to="/business/members" className={styles.cardButton}>
          <Trans>Manage members</Trans>
        </Link>
      </section>
    </>
  )
}

/** /business/billing: the business's payment state, its plan and the seats its people use. */
export function BusinessBillingScreen() {
  return (
    <BusinessPage title={<Trans>Billing</Trans>}>
      {(business) => <Billing business={business} />}
    </BusinessPage>
  )
}
