import { useQueryClient } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect } from 'react'
import { fromPromise, waitFor } from 'xstate'
import type { Business } from '../../../contract/businesses.ts'
import { businessPaymentMachine } from '../../../machines/business-payment/business-payment.machine.ts'
import {
  type BusinessPaymentView,
  businessPaymentView,
} from '../../../machines/business-payment/business-payment.selectors.ts'
import type {
  BusinessCallInput,
  BusinessPaymentEvent,
} from '../../../machines/business-payment/business-payment.types.ts'
import { refreshBusiness, scheduleDeletion } from '../../api/business.ts'
import { ApiError } from '../../api/client.ts'

const sameView = (a: BusinessPaymentView, b: BusinessPaymentView) =>
  (Object.keys(a) as (keyof BusinessPaymentView)[]).every((key) => a[key] === b[key])

/**
 * The business payment machine (SPEC §4) of an admin's screens, settled on the business as the server
 * answers it: what it allows is what the screen offers. `run` sends one of its events and resolves once
 * the machine's call is done, rejecting with the machine's error code when it failed.
 */
export function useBusinessPayment(business: Business) {
  const { api } = useRouteContext({ from: '__root__' })
  const queryClient = useQueryClient()
  const call = (revoke: boolean) =>
    fromPromise<void, BusinessCallInput>(async ({ input }) => {
      await scheduleDeletion(api, input.businessId, revoke)
      await refreshBusiness(queryClient, input.businessId)
    })
  const actor = useActorRef(
    businessPaymentMachine.provide({ actors: { deleteBusiness: call(false), revokeDeletion: call(true) } }),
    { input: { businessId: business.id } },
  )
  const admin = business.admin
  useEffect(() => {
    if (!admin) return
    actor.send({
      type: 'business.update',
      business: {
        paymentMethod: admin.paymentMethod,
        // Plans and card subscriptions come with billing; until then a business has neither.
        pricePlan: { name: 'trial' },
        cardSubscriptionStatus: null,
        deletionPending: admin.deletionScheduledAt !== null,
      },
    })
  }, [actor, admin])
  const view = useSelector(actor, businessPaymentView, sameView)
  const run = async (event: BusinessPaymentEvent) => {
    actor.send(event)
    const settled = await waitFor(actor, (snapshot) => !snapshot.hasTag('busy'))
    const code = settled.context.error
    if (code !== null) throw new ApiError(0, code, code)
  }
  return { view, run }
}
