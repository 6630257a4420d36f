import { Trans, useLingui } from '@lingui/react/macro'
import type { UpgradePreview } from '../../../contract/price-plans.ts'
import { resolveLocale } from '../../i18n/locales.ts'

/** The VAT line's label of a price the server computed: Swiss VAT at its rate, reverse charge, or none (export). */
export function VatLabel({
  treatment,
  rateBasisPoints,
}: {
  treatment: UpgradePreview['vatTreatment']
  /** The rate in hundredths of a per cent (810 is 8.1 %). */
  rateBasisPoints: number
}) {
  const { i18n } = useLingui()
  const locale = resolveLocale(i18n.locale) ?? 'en-gb'
  const rate = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(
    rateBasisPoints / 10000,
  )
  if (treatment === 'swiss') return <Trans>VAT {rate}</Trans>
  if (treatment === 'reverseCharge') return <Trans>VAT (reverse charge)</Trans>
  return <Trans>VAT (export, none)</Trans>
}
