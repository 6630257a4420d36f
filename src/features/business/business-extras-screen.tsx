import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link, useRouteContext } from '@tanstack/react-router'
import type { Business } from '../../../contract/businesses.ts'
import { customExtrasQueryOptions } from '../../api/billing.ts'
import { formatMoney, resolveLocale } from '../../i18n/locales.ts'
import { buttonClass } from '../../ui/button/button.tsx'
import styles from './business.module.css'
import { BusinessPage } from './business-page.tsx'

function Extras({ business }: { business: Business }) {
  const { t, i18n } = useLingui()
  const { api } = useRouteContext({ from: '__root__' })
  const { data: extras } = useQuery(customExtrasQueryOptions(api, business.id))
  if (!extras) return null
  const locale = resolveLocale(i18n.locale) ?? 'en-gb'
  const legislation = { eidas: t`EU (eIDAS)`, zertes: t`Switzerland (ZertES)` }
  return (
    <section className={styles.card} aria-labelledby="identifications-heading">
      <h2 id="identifications-heading">
        <Trans>Identification licences</Trans>
      </h2>
      <p>
        <Trans>
          An advanced or qualified signature needs its signer identified once, by video or with an ID
          document. Each identification is a licence, priced by the legislation it is valid under.
        </Trans>
      </p>
      {extras.plan === null ? (
        <>
          <p className={styles.muted}>
            <Trans>The prices depend on the plan: choose one to see yours.</Trans>
          </p>
          <Link to="/business/billing/plan" className={`${buttonClass({})} ${styles.cardButton}`}>
            <Trans>Choose a plan</Trans>
          </Link>
        </>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Legislation</Trans>
              </th>
              <th scope="col">
                <Trans>Per identification, before VAT</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {extras.identifications.map((identification) => (
              <tr key={identification.legislation}>
                <td>{legislation[identification.legislation]}</td>
                <td>{formatMoney(identification.price, locale, extras.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}

/** /business/extras: what the business's plan charges beyond its seats (SPEC customextras). */
export function BusinessExtrasScreen() {
  return (
    <BusinessPage title={<Trans>Extras</Trans>}>{(business) => <Extras business={business} />}</BusinessPage>
  )
}
