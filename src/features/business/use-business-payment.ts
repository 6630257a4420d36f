import { useQueryClient } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useRef } from 'react'
import { fromPromise, waitFor } from 'xstate'
import { billingPaths } from '../../../contract/billing.ts'
import type { Business } from '../../../contract/businesses.ts'
import {
  type BillingDates,
  type BillingStandingView,
  selectBillingStanding,
} from '../../../machines/business-payment/billing-standing.ts'
import { businessPaymentMachine } from '../../../machines/business-payment/business-payment.machine.ts'
import {
  type BusinessPaymentView,
  businessPaymentView,
} from '../../../machines/business-payment/business-payment.selectors.ts'
import type {
  BusinessCallInput,
  BusinessPaymentEvent,
  BusinessPaymentSnapshot,
  PlanChangeInput,
  SeatsChangeInput,
  UpgradeInput,
} from '../../../machines/business-payment/business-payment.types.ts'
import {
  changePlan,
  changeSeats,
  changeSubscription,
  type SubscriptionChange,
  upgradeSubscription,
} from '../../api/billing.ts'
import { refreshBusiness, scheduleDeletion } from '../../api/business.ts'
import { ApiError } from '../../api/client.ts'
import { getUserQueryOptions } from '../../api/user.ts'
import { inspect } from '../../lib/inspect.ts'

const sameView = (a: BusinessPaymentView, b: BusinessPaymentView) =>
  (Object.keys(a) as (keyof BusinessPaymentView)[]).every((key) => a[key] === b[key])

/** What the payment machine reads of the business as the server answers it to an admin. */
function paymentSnapshotOf(business: Business): BusinessPaymentSnapshot | null {
  const admin = business.admin
  if (!admin) return null
  return {
    paymentMethod: admin.paymentMethod,
    pricePlan: admin.pricePlan,
    cardSubscriptionStatus: admin.subscription?.status ?? null,
    deletionPending: admin.deletionScheduledAt !== null,
  }
}

/** The dates of the business that its billing standing names. */
function billingDatesOf(business: Business): BillingDates {
  const admin = business.admin
  return {
    trialEndsAt: admin?.trialEndsAt ?? null,
    periodEnd: admin?.subscription?.currentPeriodEnd ?? null,
    paymentIssueSince: admin?.paymentIssueSince ?? null,
    deletionScheduledAt: admin?.deletionScheduledAt ?? null,
  }
}

const sameStanding = (a: BillingStandingView, b: BillingStandingView) =>
  JSON.stringify(a) === JSON.stringify(b)

/** `run`'s machine stopped before its call settled: the screen it belongs to went away meanwhile. */
export class ScreenLeft extends Error {
  constructor() {
    super('The screen was left while its call ran')
    this.name = 'ScreenLeft'
  }
}

/**
 * The business payment machine (SPEC §4) of an admin's screens, settled on the business as the server
 * answers it: what it allows is what the screen offers. `run` sends one of its events and resolves once
 * the machine's call is done, rejecting with the machine's error code (the server's billing code when it
 * gave one) when it failed, and with {@link ScreenLeft} when the screen went before it settled.
 * `standing` is where the business stands in words (machines/business-payment/billing-standing).
 */
export function useBusinessPayment(business: Business) {
  const { api } = useRouteContext({ from: '__root__' })
  const queryClient = useQueryClient()
  // The route guards read the payment state from the user (SPEC §6): a paid or ended trial changes where
  // the admin may go, so the user is read again with the business.
  const refreshed = async <T>(call: Promise<T>) => {
    const answer = await call
    await Promise.all([
      refreshBusiness(queryClient, business.id),
      queryClient.refetchQueries({ queryKey: getUserQueryOptions(api).queryKey }),
    ])
    return answer
  }
  const deletion = (revoke: boolean) =>
    fromPromise<void, BusinessCallInput>(async ({ input }) => {
      await refreshed(scheduleDeletion(api, input.businessId, revoke))
    })
  const change = (what: SubscriptionChange) =>
    fromPromise<void, BusinessCallInput>(async ({ input }) => {
      await refreshed(changeSubscription(api, input.businessId, what))
    })
  const actor = useActorRef(
    businessPaymentMachine.provide({
      actors: {
        upgrade: fromPromise<BusinessPaymentSnapshot, UpgradeInput>(async ({ input }) => {
          const { seats, setupIntentId, ...order } = input.order
          const answer = await refreshed(
            upgradeSubscription(api, input.businessId, { ...order, amountSeats: seats, setupIntentId }),
          )
          return paymentSnapshotOf(answer) as BusinessPaymentSnapshot
        }),
        changeSeats: fromPromise<void, SeatsChangeInput>(async ({ input }) => {
          await refreshed(changeSeats(api, input.businessId, input.change.seats, input.change.previewedAt))
        }),
        changePlan: fromPromise<void, PlanChangeInput>(async ({ input }) => {
          const { plan, cycle, previewedAt } = input.change
          await refreshed(changePlan(api, input.businessId, { plan, cycle, timestamp: previewedAt }))
        }),
        cancelTrial: change('cancelTrial'),
        cancelSubscription: change('cancelSubscription'),
        reactivateSubscription: change('reactivateSubscription'),
        deleteBusiness: deletion(false),
        revokeDeletion: deletion(true),
        downgradeToFree: fromPromise<void, BusinessCallInput>(async ({ input }) => {
          await refreshed(api.request(billingPaths.freePlanDowngrade(input.businessId), { method: 'POST' }))
        }),
      },
    }),
    { input: { businessId: business.id }, inspect },
  )
  useEffect(() => {
    const snapshot = paymentSnapshotOf(business)
    if (snapshot) actor.send({ type: 'business.update', business: snapshot })
  }, [actor, business])
  const view = useSelector(actor, businessPaymentView, sameView)
  const standing = useSelector(
    actor,
    (snapshot) => selectBillingStanding(snapshot, billingDatesOf(business)),
    sameStanding,
  )
  // The screen may go while a call runs (the business a downgrade closes goes with it): its machine stops
  // without a last snapshot, so `run` is told by this signal instead of waiting for ever.
  const left = useRef(new AbortController())
  useEffect(() => {
    const screen = new AbortController()
    left.current = screen
    return () => screen.abort(new ScreenLeft())
  }, [])
  const run = async (event: BusinessPaymentEvent) => {
    actor.send(event)
    const settled = await waitFor(actor, (snapshot) => !snapshot.hasTag('busy'), {
      signal: left.current.signal,
    })
    const code = settled.context.error
    if (code !== null) throw new ApiError(0, code, code)
  }
  return { view, standing, run }
}
