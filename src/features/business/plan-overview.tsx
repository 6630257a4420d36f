import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { useState } from 'react'
import type { BillingCycle, Currency } from '../../../contract/price-plans.ts'
import { pricePlansQueryOptions } from '../../api/billing.ts'
import { currencyOf, resolveLocale } from '../../i18n/locales.ts'
import { PlanGrid } from './plan-grid.tsx'

/**
 * The self-service plans, only shown (nothing is bought here): priced for one person, in `currency` (a
 * business's, when the reader is in one) or the UI language's (SPEC §9). The cycle is a view toggle.
 */
export function PlanOverview({ currency }: { currency?: Currency }) {
  const { i18n } = useLingui()
  const { api } = useRouteContext({ from: '__root__' })
  const { data: plans } = useQuery(pricePlansQueryOptions(api))
  const [cycle, setCycle] = useState<BillingCycle>('yearly')
  if (!plans) return null
  return (
    <PlanGrid
      plans={plans}
      cycle={cycle}
      onCycle={setCycle}
      currency={currency ?? currencyOf[resolveLocale(i18n.locale) ?? 'en-gb']}
      seats={1}
      isChosen={() => false}
    />
  )
}
