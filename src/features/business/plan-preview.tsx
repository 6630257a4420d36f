import { Plural, Trans, useLingui } from '@lingui/react/macro'
import type { UpgradePreview } from '../../../contract/price-plans.ts'
import { formatDateTime, formatMoney, resolveLocale } from '../../i18n/locales.ts'
import styles from './business.module.css'
import { VatLabel } from './vat-label.tsx'

/**
 * What the chosen plan costs, as the server priced it: the first period and the one after, with VAT; with
 * `inTrial`, the first period starts when the trial ends, and that is when it is charged.
 */
export function PlanPreview({ data, inTrial = false }: { data: UpgradePreview; inTrial?: boolean }) {
  const { i18n } = useLingui()
  const locale = resolveLocale(i18n.locale) ?? 'en-gb'
  const [first, next] = data.periods
  if (!first || !next) return null
  const money = (amount: number) => formatMoney(amount, locale, data.currency)
  const from = formatDateTime(first.startsAt, locale)
  const until = formatDateTime(first.endsAt, locale)
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
          <VatLabel treatment={data.vatTreatment} rateBasisPoints={first.vatRate} />
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
