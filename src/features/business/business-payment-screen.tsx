import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useRouteContext } from '@tanstack/react-router'
import type { PaymentMethods } from '../../../contract/billing.ts'
import type { Business } from '../../../contract/businesses.ts'
import { paymentMethodsQueryOptions, replacePaymentMethod } from '../../api/billing.ts'
import { refreshBusiness } from '../../api/business.ts'
import { buttonClass } from '../../ui/button/button.tsx'
import { showSnackbar } from '../../ui/snackbar/show-snackbar.ts'
import styles from './business.module.css'
import { BusinessPage } from './business-page.tsx'
import { businessSetup, PaymentMethodForm } from './payment-method-form.tsx'

function MethodList({ methods }: { methods: PaymentMethods }) {
  const { t } = useLingui()
  const all = [
    ...methods.cards.map((card) => ({ ...card, label: `${card.brand.toUpperCase()} •••• ${card.last4}` })),
    ...methods.sepaDebits.map((debit) => ({ ...debit, label: t`SEPA debit •••• ${debit.last4}` })),
  ]
  return (
    <ul className={styles.list}>
      {all.map((method) => (
        <li key={method.id} data-default={method.isDefault || undefined}>
          <span>
            {method.label}
            {method.expMonth && method.expYear ? (
              <span className={styles.muted}>
                {' '}
                <Trans>
                  expires {String(method.expMonth).padStart(2, '0')}/{method.expYear}
                </Trans>
              </span>
            ) : null}
          </span>
          {method.isDefault ? (
            <span className={styles.role}>
              <Trans>Charged for renewals</Trans>
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  )
}

/**
 * The business's payment methods and a form for a new one, which renewals are charged to from then on (and
 * what is unpaid, at once). Shown on /business/billing/payment, and on /business/upgrade to a blocked
 * business.
 */
export function BusinessPaymentMethods({ business }: { business: Business }) {
  const { api, ui } = useRouteContext({ from: '__root__' })
  const queryClient = useQueryClient()
  const { data: methods } = useQuery(paymentMethodsQueryOptions(api, business.id))
  if (!methods) return null
  const none = methods.cards.length === 0 && methods.sepaDebits.length === 0
  return (
    <>
      <section className={styles.card} aria-labelledby="methods-heading">
        <h2 id="methods-heading">
          <Trans>Payment methods</Trans>
        </h2>
        {none ? (
          <>
            <p>
              <Trans>Your business has no payment method yet: you give one when you choose a plan.</Trans>
            </p>
            <Link to="/business/billing/plan" className={`${buttonClass({})} ${styles.cardButton}`}>
              <Trans>Choose a plan</Trans>
            </Link>
          </>
        ) : (
          <MethodList methods={methods} />
        )}
      </section>
      {none ? null : (
        <section className={styles.card} aria-labelledby="replace-heading">
          <h2 id="replace-heading">
            <Trans>New payment method</Trans>
          </h2>
          <PaymentMethodForm
            setup={businessSetup(api, business)}
            submitLabel={<Trans>Use this payment method</Trans>}
            onConfirmed={async (setupIntentId) => {
              queryClient.setQueryData(
                paymentMethodsQueryOptions(api, business.id).queryKey,
                await replacePaymentMethod(
                  api,
                  business.id,
                  setupIntentId,
                  business.admin?.billing.country ?? 'CH',
                ),
              )
              await refreshBusiness(queryClient, business.id)
              showSnackbar(ui.snackbars, { message: msg`Payment method saved`, color: 'success' })
            }}
          />
        </section>
      )}
    </>
  )
}

/** /business/billing/payment: the cards and SEPA debits on file, and a new one to charge from now on. */
export function BusinessPaymentScreen() {
  return (
    <BusinessPage title={<Trans>Payment method</Trans>}>
      {(business) => <BusinessPaymentMethods business={business} />}
    </BusinessPage>
  )
}
