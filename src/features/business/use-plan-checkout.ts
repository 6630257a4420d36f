import { useActorRef } from '@xstate/react'
import { useEffect, useRef } from 'react'
import { type ActorRefFrom, fromPromise } from 'xstate'
import type { UpgradePreview } from '../../../contract/price-plans.ts'
import { planCheckoutMachine } from '../../../machines/business-payment/plan-checkout.machine.ts'
import type {
  CheckoutOrderInput,
  CheckoutPreviewInput,
  PlanCheckoutInput,
} from '../../../machines/business-payment/plan-checkout.types.ts'
import { inspect } from '../../lib/inspect.ts'

/** The plan checkout actor a screen hosts. */
export type PlanCheckoutActor = ActorRefFrom<typeof planCheckoutMachine>

/** How a screen prices and places the order of its checkout. */
export interface PlanCheckoutCalls {
  preview: (input: CheckoutPreviewInput) => Promise<UpgradePreview>
  /** Places the order, then thanks the buyer and leads on; runs to its end even if the screen goes. */
  order: (input: CheckoutOrderInput) => Promise<void>
}

/**
 * Hosts the plan checkout machine (machines/business-payment/plan-checkout) for one screen, with its
 * calls; the screen reads it through the machine's selectors.
 */
export function usePlanCheckout(input: PlanCheckoutInput, calls: PlanCheckoutCalls): PlanCheckoutActor {
  // The actor is made once; its calls read what the screen last rendered (e.g. whether it is in a trial).
  const latest = useRef(calls)
  useEffect(() => {
    latest.current = calls
  })
  return useActorRef(
    planCheckoutMachine.provide({
      actors: {
        preview: fromPromise<UpgradePreview, CheckoutPreviewInput>(({ input }) =>
          latest.current.preview(input),
        ),
        order: fromPromise<void, CheckoutOrderInput>(({ input }) => latest.current.order(input)),
      },
    }),
    { input, inspect },
  )
}
