import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { billingPaths } from '../../../contract/billing.ts'
import type { Business } from '../../../contract/businesses.ts'
import { invoicesQueryOptions } from '../../api/billing.ts'
import { formatDateTime, formatMoney, resolveLocale } from '../../i18n/locales.ts'
import { mailboxAddress, mailboxHref } from '../../lib/mailboxes.ts'
import { Button } from '../../ui/button/button.tsx'
import { saveFile } from '../../ui/file/save-file.ts'
import styles from './business.module.css'
import { BusinessPage } from './business-page.tsx'

function Invoices({ business }: { business: Business }) {
  const { t, i18n } = useLingui()
  const { api } = useRouteContext({ from: '__root__' })
  const { data: invoices } = useQuery(invoicesQueryOptions(api, business.id))
  if (!invoices) return null
  const locale = resolveLocale(i18n.locale) ?? 'en-gb'
  const status = { paid: t`Paid`, open: t`Due`, draft: t`Draft`, void: t`Void`, uncollectible: t`Unpaid` }
  // The PDF comes with the session's header, so it is fetched and handed to the browser as a file.
  const download = async (id: string, number: string) => {
    const pdf = await api.request<Blob>(billingPaths.invoicePdf(business.id, id), { responseType: 'blob' })
    saveFile(pdf, `invoice-${number}.pdf`)
  }
  return (
    <section className={styles.card} aria-labelledby="invoices-heading">
      <h2 id="invoices-heading">
        <Trans>Invoices</Trans>
      </h2>
      {invoices.length === 0 ? (
        <p className={styles.muted}>
          <Trans>No invoices yet.</Trans>
        </p>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Invoice</Trans>
              </th>
              <th scope="col">
                <Trans>Date</Trans>
              </th>
              <th scope="col">
                <Trans>Total</Trans>
              </th>
              <th scope="col">
                <Trans>Status</Trans>
              </th>
              <th scope="col">
                <span className="visually-hidden">
                  <Trans>PDF</Trans>
                </span>
              </th>
            </tr>
          </thead>
          <tbody>
            {invoices.map((invoice) => (
              <tr key={invoice.id}>
                <td>{invoice.number}</td>
                <td>{formatDateTime(invoice.createdAt, locale)}</td>
                <td>{formatMoney(invoice.total, locale, invoice.currency)}</td>
                <td>{status[invoice.status]}</td>
                <td>
                  <Button
                    variant="secondary"
                    aria-label={t`Download invoice ${invoice.number}`}
                    onClick={() => void download(invoice.id, invoice.number)}
                  >
                    <Trans>Download</Trans>
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className={styles.muted}>
        <Trans>
          Questions about an invoice? Write to{' '}
          <a href={mailboxHref('billing')}>{mailboxAddress('billing')}</a>.
        </Trans>
      </p>
    </section>
  )
}

/** /business/billing/invoices: every invoice of the business, each as a PDF. */
export function BusinessInvoicesScreen() {
  return (
    <BusinessPage title={<Trans>Invoices</Trans>}>
      {(business) => <Invoices business={business} />}
    </BusinessPage>
  )
}
