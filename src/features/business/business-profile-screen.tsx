import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { Link, useRouteContext } from '@tanstack/react-router'
import type { Business } from '../../../contract/businesses.ts'
import { refreshBusiness, updateBillingAddress } from '../../api/business.ts'
import { formatDateTime, resolveLocale } from '../../i18n/locales.ts'
import { Button, buttonClass } from '../../ui/button/button.tsx'
import { openDialog } from '../../ui/dialog/open-dialog.tsx'
import { showSnackbar } from '../../ui/snackbar/show-snackbar.ts'
import styles from './business.module.css'
import { BusinessDetailsForm } from './business-details-form.tsx'
import { businessDialogs } from './business-dialogs.ts'
import { BusinessPage } from './business-page.tsx'
import type { DeleteBusinessProps } from './delete-business-dialog.tsx'
import { useBusinessPayment } from './use-business-payment.ts'

function Facts({ business }: { business: Business }) {
  const { i18n } = useLingui()
  const admin = business.admin
  if (!admin) return null
  const since = formatDateTime(admin.createdAt, resolveLocale(i18n.locale) ?? 'en-gb')
  return (
    <section className={styles.card} aria-labelledby="company-heading">
      <h2 id="company-heading">{business.name}</h2>
      <dl className={styles.facts}>
        <dt>
          <Trans>Company e-mail</Trans>
        </dt>
        <dd>{admin.email}</dd>
        {admin.phone ? (
          <>
            <dt>
              <Trans>Phone</Trans>
            </dt>
            <dd>{admin.phone}</dd>
          </>
        ) : null}
        <dt>
          <Trans>Opened</Trans>
        </dt>
        <dd>{since}</dd>
      </dl>
    </section>
  )
}

function BillingAddress({ business }: { business: Business }) {
  const { api, ui } = useRouteContext({ from: '__root__' })
  const queryClient = useQueryClient()
  const admin = business.admin
  if (!admin) return null
  const { billing } = admin
  return (
    <section className={styles.card} aria-label={business.name}>
      <BusinessDetailsForm
        part="billing"
        initial={{ name: business.name, email: admin.email, phone: admin.phone, ...billing }}
        submitLabel={<Trans>Save address</Trans>}
        onSubmit={async (values) => {
          const { address1, address2, postalCode, city, country, vat } = values
          await updateBillingAddress(api, business.id, { address1, address2, postalCode, city, country, vat })
          await refreshBusiness(queryClient, business.id)
          showSnackbar(ui.snackbars, { message: msg`Address saved`, color: 'success' })
        }}
      />
    </section>
  )
}

function AesForBusiness() {
  return (
    <section className={styles.card} aria-labelledby="aes4biz-heading">
      <h2 id="aes4biz-heading">
        <Trans>AES for business</Trans>
      </h2>
      <p className={styles.muted}>
        <Trans>
          Vouch for the people at your domains, so that they sign your requests with an advanced signature.
        </Trans>
      </p>
      <Link
        to="/business/profile/aes-for-business"
        className={`${buttonClass({ variant: 'secondary' })} ${styles.cardButton}`}
      >
        <Trans>Set up AES for business</Trans>
      </Link>
    </section>
  )
}

function Deletion({ business }: { business: Business }) {
  const { i18n } = useLingui()
  const { ui } = useRouteContext({ from: '__root__' })
  const { view, run } = useBusinessPayment(business)
  const scheduled = business.admin?.deletionScheduledAt ?? null
  const date = scheduled ? formatDateTime(scheduled, resolveLocale(i18n.locale) ?? 'en-gb') : undefined
  const ask = () => {
    const props: DeleteBusinessProps = { business: business.name, date }
    void openDialog(ui, scheduled ? businessDialogs.revokeDeleteBusiness : businessDialogs.deleteBusiness, {
      props,
      action: async () => {
        await run({ type: scheduled ? 'deletion.revoke' : 'business.delete' })
        showSnackbar(ui.snackbars, {
          message: scheduled ? msg`The business stays` : msg`The business will be deleted in 30 days`,
          color: 'success',
        })
      },
    })
  }
  return (
    <section className={`${styles.card} ${styles.danger}`} aria-labelledby="delete-heading">
      <h2 id="delete-heading">
        <Trans>Delete the business</Trans>
      </h2>
      {scheduled ? (
        <p>
          <Trans>The business will be deleted on {date}. Until then you can keep it.</Trans>
        </p>
      ) : (
        <p className={styles.muted}>
          <Trans>
            The business is deleted 30 days after you ask; its members keep their own accounts and requests.
          </Trans>
        </p>
      )}
      <Button
        variant="secondary"
        className={scheduled ? styles.cardButton : styles.dangerButton}
        disabled={scheduled ? !view.canRevokeDeletion : !view.canDelete}
        onClick={ask}
      >
        {scheduled ? <Trans>Keep the business</Trans> : <Trans>Delete business</Trans>}
      </Button>
    </section>
  )
}

/**
 * /business/profile: the company, its billing address, the way to AES for business, and its deletion (to
 * schedule, or to take back).
 */
export function BusinessProfileScreen() {
  return (
    <BusinessPage title={<Trans>Business profile</Trans>}>
      {(business) => (
        <>
          <Facts business={business} />
          <BillingAddress business={business} />
          <AesForBusiness />
          <Deletion business={business} />
        </>
      )}
    </BusinessPage>
  )
}
