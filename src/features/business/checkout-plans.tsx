import { useSelector } from '@xstate/react'
import type { BillingCycle, PricePlan } from '../../../contract/price-plans.ts'
import {
  selectChosenPlan,
  selectCurrency,
  selectCycle,
} from '../../../machines/business-payment/plan-checkout.selectors.ts'
import { PlanGrid } from './plan-grid.tsx'
import type { PlanCheckoutActor } from './use-plan-checkout.ts'

/**
 * The plans of a checkout, chosen, billed and priced as its machine holds them: `current` is the plan and
 * cycle the business runs, marked and not to be chosen again.
 */
export function CheckoutPlans({
  actor,
  plans,
  seats,
  currencyChoice = false,
  current,
}: {
  actor: PlanCheckoutActor
  plans: PricePlan[]
  seats: number
  /** Before a first payment fixes it, the buyer chooses the currency. */
  currencyChoice?: boolean
  current?: { plan: string; cycle: BillingCycle }
}) {
  const chosen = useSelector(actor, selectChosenPlan)
  const cycle = useSelector(actor, selectCycle)
  const currency = useSelector(actor, selectCurrency)
  const isCurrent = (plan: PricePlan) => plan.id === current?.plan && cycle === current.cycle
  return (
    <PlanGrid
      plans={plans}
      cycle={cycle}
      onCycle={(next) => actor.send({ type: 'cycle.change', cycle: next })}
      currency={currency}
      onCurrency={
        currencyChoice ? (next) => actor.send({ type: 'currency.change', currency: next }) : undefined
      }
      seats={seats}
      current={current?.plan}
      isChosen={(plan) => isCurrent(plan) || chosen === plan.id}
      onChoose={(plan) => actor.send({ type: 'plan.choose', plan: plan.id, minSeats: plan.minSeats })}
      fixed={isCurrent}
    />
  )
}
