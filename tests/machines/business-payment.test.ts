import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { acceptsPaymentEvent } from '../../machines/business-payment/accepts-payment-event.ts'
import { type BillingDates, selectBillingStanding } from '../../machines/business-payment/billing-standing.ts'
import { businessPaymentMachine } from '../../machines/business-payment/business-payment.machine.ts'
import { businessPaymentView } from '../../machines/business-payment/business-payment.selectors.ts'
import type {
  BusinessCallInput,
  BusinessPaymentSnapshot,
  Discount,
  PlanChangeInput,
  PricePlan,
  SeatsChangeInput,
  UpgradeInput,
  UpgradeOrder,
} from '../../machines/business-payment/business-payment.types.ts'
import { hasPaymentIssue } from '../../machines/business-payment/card-subscription.ts'
import {
  isActiveDiscount,
  isSpecialDiscount,
  isUsedUpDiscount,
} from '../../machines/business-payment/discount.ts'
import {
  isBillingStatus,
  isLocked,
  isManuallyInvoiced,
  isTrialExpired,
  isTrialing,
  needsPaymentAction,
} from '../../machines/business-payment/payment-method.ts'
import {
  isCancelled,
  isCancelling,
  isEnterprisePlan,
  isLegacyPlan,
  isNewFreePlan,
  withCancellationRevoked,
  withCancellationScheduled,
  withCurrentCancelled,
} from '../../machines/business-payment/price-plan.ts'
import { vatBasisPoints, vatOn, vatTreatment } from '../../machines/business-payment/vat.ts'
import { controlledActor, flushMicrotasks } from './controlled-actor.ts'
import { walk } from './walk.ts'

const plan: PricePlan = {
  name: 'team_v3',
  current: { base: { type: 'MONTHLY', startAt: '2026-01-01', endAt: '2026-02-01' } },
  next: null,
  discounts: [],
}
const business = (overrides: Partial<BusinessPaymentSnapshot> = {}): BusinessPaymentSnapshot => ({
  paymentMethod: 'STRIPE',
  pricePlan: plan,
  cardSubscriptionStatus: 'active',
  deletionPending: false,
  ...overrides,
})
const order: UpgradeOrder = {
  plan: 'team',
  cycle: 'yearly',
  seats: 2,
  currency: 'EUR',
  promoCode: 'WELCOME20',
  setupIntentId: 'seti_1',
}
const samples = {
  trialing: business({ paymentMethod: 'TRIALING', cardSubscriptionStatus: null }),
  trialExpired: business({ paymentMethod: 'NEEDS_PAYMENT_METHOD', cardSubscriptionStatus: null }),
  locked: business({ paymentMethod: 'BLOCKED' }),
  manual: business({ paymentMethod: 'MANUAL', cardSubscriptionStatus: null }),
  active: business({ paymentMethod: 'CHARGEBEE' }),
  subscribedInTrial: business({ cardSubscriptionStatus: 'trialing' }),
  cancelling: business({ pricePlan: withCancellationScheduled(plan) }),
  cancelled: business({ pricePlan: withCurrentCancelled(plan), deletionPending: true }),
}

describe('business payment rules (SPEC §4 Business payment)', () => {
  it('reads the payment method states', () => {
    expect(isTrialing('TRIALING')).toBe(true)
    expect(isTrialExpired('NEEDS_PAYMENT_METHOD')).toBe(true)
    expect(isLocked('BLOCKED')).toBe(true)
    expect(isManuallyInvoiced('MANUAL')).toBe(true)
    expect(
      isTrialing('STRIPE') || isTrialExpired('STRIPE') || isLocked('STRIPE') || isManuallyInvoiced('STRIPE'),
    ).toBe(false)
    expect(needsPaymentAction('NEEDS_PAYMENT_METHOD')).toBe(true)
    expect(needsPaymentAction('BLOCKED')).toBe(true)
    expect(needsPaymentAction('CHARGEBEE')).toBe(false)
  })
  it('knows the billing status strings', () => {
    for (const s of ['trialing', 'needs_payment_method', 'manual', 'stripe'])
      expect(isBillingStatus(s)).toBe(true)
    expect(isBillingStatus('TRIALING')).toBe(false)
    expect(isBillingStatus('chargebee')).toBe(false)
  })
  it('a current plan of type CANCELED is cancelled, a next plan of type CANCELED is cancelling', () => {
    expect(isCancelled(plan)).toBe(false)
    expect(isCancelling(plan)).toBe(false)
    expect(isCancelled(withCurrentCancelled(plan))).toBe(true)
    expect(isCancelling(withCancellationScheduled(plan))).toBe(true)
  })
  it('revoking a cancellation clears the next plan', () => {
    const revoked = withCancellationRevoked(withCancellationScheduled(plan))
    expect(revoked.next).toBeNull()
    expect(revoked.current).toEqual(plan.current)
  })
  it.each([
    ['active', false],
    ['incomplete_expired', false],
    ['past_due', true],
    ['unpaid', true],
    ['incomplete', true],
    ['canceled', true],
    // Chosen during the business's trial: nothing is due before it ends.
    ['trialing', false],
    ['paused', true],
  ])('card subscription state %s is a payment issue: %s', (status, issue) => {
    expect(hasPaymentIssue(status)).toBe(issue)
  })
  it('no card subscription is no payment issue', () => {
    expect(hasPaymentIssue(null)).toBe(false)
  })
  it('discounts are ACTIVE or USED_UP; smg_ types are special', () => {
    const discount: Discount = { promoCode: 'P', type: 'smg_partner', expiresAt: null, status: 'ACTIVE' }
    expect(isActiveDiscount(discount)).toBe(true)
    expect(isUsedUpDiscount(discount)).toBe(false)
    expect(isUsedUpDiscount({ ...discount, status: 'USED_UP' })).toBe(true)
    expect(isSpecialDiscount(discount)).toBe(true)
    expect(isSpecialDiscount({ ...discount, type: 'percent' })).toBe(false)
  })
  it('names enterprise, legacy and new free plans', () => {
    expect(isEnterprisePlan('ent_v3')).toBe(true)
    expect(isEnterprisePlan('team_v3')).toBe(false)
    expect(isLegacyPlan('ent_v2')).toBe(true)
    expect(isLegacyPlan('sme_v2')).toBe(true)
    expect(isLegacyPlan('ent_v3')).toBe(false)
    expect(isNewFreePlan({ name: 'free_v1', current: plan.current })).toBe(true)
    expect(isNewFreePlan({ name: 'free_migrated', current: null })).toBe(true)
    expect(isNewFreePlan({ name: 'free_migrated' })).toBe(true)
    expect(isNewFreePlan({ name: 'free_migrated', current: plan.current })).toBe(false)
    expect(isNewFreePlan({ name: 'free_legacy' })).toBe(false)
  })
})

describe('business payment machine', () => {
  const calls = () => ({
    upgrade: controlledActor<BusinessPaymentSnapshot, UpgradeInput>(),
    changeSeats: controlledActor<void, SeatsChangeInput>(),
    changePlan: controlledActor<void, PlanChangeInput>(),
    cancelTrial: controlledActor<void, BusinessCallInput>(),
    cancelSubscription: controlledActor<void, BusinessCallInput>(),
    reactivateSubscription: controlledActor<void, BusinessCallInput>(),
    deleteBusiness: controlledActor<void, BusinessCallInput>(),
    revokeDeletion: controlledActor<void, BusinessCallInput>(),
    downgradeToFree: controlledActor<void, BusinessCallInput>(),
  })
  const provided = (c: ReturnType<typeof calls>) =>
    businessPaymentMachine.provide({
      actors: {
        upgrade: c.upgrade.logic,
        changeSeats: c.changeSeats.logic,
        changePlan: c.changePlan.logic,
        cancelTrial: c.cancelTrial.logic,
        cancelSubscription: c.cancelSubscription.logic,
        reactivateSubscription: c.reactivateSubscription.logic,
        deleteBusiness: c.deleteBusiness.logic,
        revokeDeletion: c.revokeDeletion.logic,
        downgradeToFree: c.downgradeToFree.logic,
      },
    })

  it('cancels, revokes the cancellation, and reports a failed call with its code', async () => {
    const c = calls()
    const actor = createActor(provided(c), { input: { businessId: 'b1' } }).start()
    expect(businessPaymentView(actor.getSnapshot())).toMatchObject({
      subscription: 'unknown',
      deletion: 'unknown',
    })
    actor.send({ type: 'business.update', business: business({ cardSubscriptionStatus: 'past_due' }) })
    expect(businessPaymentView(actor.getSnapshot())).toMatchObject({
      subscription: 'active',
      deletion: 'none',
      paymentIssue: true,
      canCancelSubscription: true,
      canCancelTrial: false,
      canReactivate: false,
    })
    actor.send({ type: 'subscription.cancel' })
    expect(businessPaymentView(actor.getSnapshot()).busy).toBe(true)
    expect(c.cancelSubscription.inputs).toEqual([{ businessId: 'b1' }])
    c.cancelSubscription.resolve()
    await flushMicrotasks()
    expect(businessPaymentView(actor.getSnapshot())).toMatchObject({
      subscription: 'cancelling',
      canReactivate: true,
    })
    actor.send({ type: 'subscription.reactivate' })
    c.reactivateSubscription.reject()
    await flushMicrotasks()
    expect(businessPaymentView(actor.getSnapshot())).toMatchObject({
      subscription: 'cancelling',
      busy: false,
      error: 'business.reactivate_subscription_failed',
    })
    actor.send({ type: 'subscription.reactivate' })
    expect(actor.getSnapshot().context.error).toBeNull()
    c.reactivateSubscription.resolve()
    await flushMicrotasks()
    expect(businessPaymentView(actor.getSnapshot()).subscription).toBe('active')
    expect(actor.getSnapshot().context.business?.pricePlan.next).toBeNull()
    actor.stop()
  })

  it("subscribes from a trial, keeping the server's reason when the card is declined", async () => {
    const c = calls()
    const actor = createActor(provided(c), { input: { businessId: 'b1' } }).start()
    actor.send({ type: 'business.update', business: samples.trialing })
    expect(businessPaymentView(actor.getSnapshot())).toMatchObject({
      canUpgrade: true,
      canChangeSeats: false,
    })
    actor.send({ type: 'subscription.upgrade', order })
    expect(c.upgrade.inputs).toEqual([{ businessId: 'b1', order }])
    c.upgrade.reject(Object.assign(new Error('declined'), { code: 'billing.card_declined' }))
    await flushMicrotasks()
    expect(businessPaymentView(actor.getSnapshot())).toMatchObject({
      subscription: 'trialing',
      error: 'billing.card_declined',
    })
    actor.send({ type: 'subscription.upgrade', order })
    c.upgrade.reject()
    await flushMicrotasks()
    expect(actor.getSnapshot().context.error).toBe('business.upgrade_failed')
    actor.send({ type: 'subscription.upgrade', order })
    c.upgrade.resolve(samples.active)
    await flushMicrotasks()
    expect(businessPaymentView(actor.getSnapshot())).toMatchObject({
      subscription: 'active',
      error: null,
      canUpgrade: false,
      canChangeSeats: true,
    })
    actor.send({ type: 'seats.change', change: { seats: 4, previewedAt: 'now' } })
    expect(c.changeSeats.inputs).toEqual([{ businessId: 'b1', change: { seats: 4, previewedAt: 'now' } }])
    c.changeSeats.reject(Object.assign(new Error('stale'), { code: 'billing.preview_stale' }))
    await flushMicrotasks()
    expect(businessPaymentView(actor.getSnapshot())).toMatchObject({
      subscription: 'active',
      error: 'billing.preview_stale',
    })
    actor.stop()
  })

  it('a plan chosen during the trial runs in the trial until its first charge, and can be cancelled', async () => {
    const c = calls()
    const actor = createActor(provided(c), { input: { businessId: 'b1' } }).start()
    actor.send({ type: 'business.update', business: samples.trialing })
    actor.send({ type: 'subscription.upgrade', order })
    c.upgrade.resolve(samples.subscribedInTrial)
    await flushMicrotasks()
    expect(businessPaymentView(actor.getSnapshot())).toMatchObject({
      subscription: 'subscribedInTrial',
      paymentIssue: false,
      canUpgrade: false,
      canCancelTrial: false,
      canChangePlan: true,
      canCancelSubscription: true,
    })
    actor.send({ type: 'subscription.cancel' })
    c.cancelSubscription.reject()
    await flushMicrotasks()
    expect(actor.getSnapshot().value.subscription).toBe('subscribedInTrial')
    // The trial's end: the provider charged the first period, and the reloaded business is active.
    actor.send({ type: 'business.update', business: samples.active })
    expect(actor.getSnapshot().value.subscription).toBe('active')
    actor.stop()
  })

  it('does not abort a running call when the business reloads', async () => {
    const c = calls()
    const actor = createActor(provided(c), { input: { businessId: 'b1' } }).start()
    actor.send({ type: 'business.update', business: samples.trialing })
    actor.send({ type: 'trial.cancel' })
    actor.send({ type: 'business.delete' })
    actor.send({ type: 'business.update', business: samples.trialing })
    expect(actor.getSnapshot().value).toEqual({ subscription: 'endingTrial', deletion: 'deleting' })
    c.cancelTrial.resolve()
    c.deleteBusiness.resolve()
    await flushMicrotasks()
    expect(actor.getSnapshot().value).toEqual({ subscription: 'cancelled', deletion: 'pending' })
    actor.stop()
  })

  it('walks every state and transition', async () => {
    const c = calls()
    const events = [
      ...Object.values(samples).map((b) => ({ type: 'business.update' as const, business: b })),
      { type: 'trial.cancel' },
      { type: 'subscription.upgrade', order },
      { type: 'seats.change', change: { seats: 3, previewedAt: '2026-01-01T00:00:00.000Z' } },
      {
        type: 'plan.change',
        change: { plan: 'pro', cycle: 'monthly', previewedAt: '2026-01-01T00:00:00.000Z' },
      },
      { type: 'subscription.cancel' },
      { type: 'subscription.reactivate' },
      { type: 'business.delete' },
      { type: 'deletion.revoke' },
      { type: 'plan.downgradeToFree' },
    ]
    // The upgrade answers the business as it is then: paying, or subscribed in its trial.
    const upgraded = [samples.active, samples.subscribedInTrial].map((output) => ({
      type: 'xstate.done.actor.upgrade',
      output,
    }))
    const settle = (actor: keyof ReturnType<typeof calls>) => [
      [
        `xstate.done.actor.${actor}`,
        ({ event }: { event: { output?: unknown } }) =>
          c[actor].resolve((event.output ?? samples.active) as never),
      ],
      [`xstate.error.actor.${actor}`, () => c[actor].reject()],
    ]
    const exec = Object.fromEntries(
      (
        [
          'upgrade',
          'changeSeats',
          'changePlan',
          'cancelTrial',
          'cancelSubscription',
          'reactivateSubscription',
          'deleteBusiness',
          'revokeDeletion',
          'downgradeToFree',
        ] as const
      ).flatMap(settle),
    )
    const coverage = await walk('business-payment', {
      machine: provided(c),
      input: { businessId: 'b1' },
      // Updates are offered everywhere: a call state ignores them with a transition that `can` does not see.
      events: (s) =>
        [
          ...events,
          ...upgraded,
          ...Object.keys(exec)
            .filter((type) => type !== 'xstate.done.actor.upgrade')
            .map((type) => ({ type })),
        ].filter((e) => e.type === 'business.update' || s.can(e as never)) as never,
      exec: exec as never,
      // Where a call's end settles depends on the business it started from: active or in the trial.
      serializeState: (s) =>
        JSON.stringify({
          value: s.value,
          inTrial: s.context.business?.cardSubscriptionStatus === 'trialing',
        }),
      check: (s) => {
        expect(businessPaymentView(s).busy).toBe(
          [
            'subscribing',
            'changingSeats',
            'changingPlan',
            'endingTrial',
            'requestingCancellation',
            'revokingCancellation',
            'downgradingToFree',
          ].includes(s.value.subscription) || ['deleting', 'revoking'].includes(s.value.deletion),
        )
        if (s.context.business === null)
          expect(s.value).toEqual({ subscription: 'unknown', deletion: 'unknown' })
      },
      states: {
        'subscription.trialExpired': (s) =>
          expect(s.context.business?.paymentMethod).toBe('NEEDS_PAYMENT_METHOD'),
        'subscription.locked': (s) => expect(s.context.business?.paymentMethod).toBe('BLOCKED'),
        'subscription.manual': (s) => expect(s.context.business?.paymentMethod).toBe('MANUAL'),
        'subscription.active': (s) => expect(isCancelling(s.context.business?.pricePlan ?? plan)).toBe(false),
        'subscription.subscribedInTrial': (s) =>
          expect(s.context.business?.cardSubscriptionStatus).toBe('trialing'),
        'subscription.cancelling': (s) =>
          expect(isCancelling(s.context.business?.pricePlan ?? plan)).toBe(true),
        'subscription.cancelled': (s) =>
          expect(isCancelled(s.context.business?.pricePlan ?? plan)).toBe(true),
        'subscription.endingTrial': (s) => expect(businessPaymentView(s).canCancelTrial).toBe(false),
      },
    })
    expect(coverage.missingStates).toEqual([])
    expect(coverage.missingTransitions).toEqual([])
  })
})

describe('where the business stands, in words (issue 35)', () => {
  const dates: BillingDates = {
    trialEndsAt: '2026-03-15T09:00:00.000Z',
    periodEnd: '2026-04-01T00:00:00.000Z',
    paymentIssueSince: '2026-03-01T00:00:00.000Z',
    deletionScheduledAt: '2026-04-30T00:00:00.000Z',
  }
  const standingOf = (stored: BusinessPaymentSnapshot | null) => {
    const actor = createActor(
      businessPaymentMachine.provide({
        actors: { cancelTrial: fromPromise<void, BusinessCallInput>(() => new Promise(() => undefined)) },
      }),
      { input: { businessId: 'b1' } },
    ).start()
    if (stored) actor.send({ type: 'business.update', business: stored })
    return { actor, view: () => selectBillingStanding(actor.getSnapshot(), dates) }
  }

  it('says nothing before the machine settled on the business', () => {
    expect(standingOf(null).view()).toEqual({ standing: null, deletionOn: null })
  })

  it('names each state, what comes next and when, and the action that changes it', () => {
    const standings = Object.fromEntries(
      Object.entries(samples).map(([name, stored]) => [name, standingOf(stored).view().standing]),
    )
    expect(standings).toEqual({
      trialing: { situation: 'trialing', trialEndsAt: dates.trialEndsAt, action: 'choosePlan' },
      trialExpired: { situation: 'trialExpired', trialEndedAt: dates.trialEndsAt, action: 'choosePlan' },
      locked: { situation: 'locked', action: 'payToUnblock' },
      manual: { situation: 'manual', action: 'readInvoices' },
      active: { situation: 'active', nextChargeAt: dates.periodEnd, action: 'changePlan' },
      subscribedInTrial: {
        situation: 'subscribedInTrial',
        firstChargeAt: dates.periodEnd,
        action: 'changePlan',
      },
      cancelling: { situation: 'cancelling', endsAt: dates.periodEnd, action: 'keepSubscription' },
      cancelled: { situation: 'cancelled', action: 'choosePlan' },
    })
  })

  it('an unpaid renewal says when the business is blocked, after the grace period', () => {
    expect(standingOf(business({ cardSubscriptionStatus: 'past_due' })).view().standing).toEqual({
      situation: 'paymentIssue',
      blockedAfter: '2026-03-15T00:00:00.000Z',
      action: 'updatePaymentMethod',
    })
  })

  it('a pending deletion says the day the business goes', () => {
    expect(standingOf(samples.cancelled).view().deletionOn).toBe(dates.deletionScheduledAt)
    expect(standingOf(samples.active).view().deletionOn).toBeNull()
  })

  it('keeps the standing a call started from while it runs', () => {
    const { actor, view } = standingOf(samples.trialing)
    actor.send({ type: 'trial.cancel' })
    expect(actor.getSnapshot().value.subscription).toBe('endingTrial')
    expect(view().standing?.situation).toBe('trialing')
  })
})

describe('the payment machine as the server asks it (acceptsPaymentEvent)', () => {
  const stored = (paymentMethod: BusinessPaymentSnapshot['paymentMethod'], deletionPending: boolean) => ({
    paymentMethod,
    pricePlan: { name: 'trial' },
    cardSubscriptionStatus: null,
    deletionPending,
  })

  it('takes a deletion only when none is pending, and its revocation only when one is', () => {
    expect(acceptsPaymentEvent(stored('TRIALING', false), { type: 'business.delete' })).toEqual({
      ok: true,
      state: 'subscription.trialing, deletion.none',
    })
    expect(acceptsPaymentEvent(stored('TRIALING', false), { type: 'deletion.revoke' }).ok).toBe(false)
    expect(acceptsPaymentEvent(stored('NEEDS_PAYMENT_METHOD', true), { type: 'business.delete' })).toEqual({
      ok: false,
      state: 'subscription.trialExpired, deletion.pending',
    })
    expect(acceptsPaymentEvent(stored('NEEDS_PAYMENT_METHOD', true), { type: 'deletion.revoke' }).ok).toBe(
      true,
    )
  })

  it('takes a trial cancellation only while trialing', () => {
    expect(acceptsPaymentEvent(stored('TRIALING', false), { type: 'trial.cancel' }).ok).toBe(true)
    expect(acceptsPaymentEvent(stored('MANUAL', false), { type: 'trial.cancel' }).ok).toBe(false)
  })
})

describe('VAT of a Swiss seller (minor units, basis points)', () => {
  it('charges Swiss VAT in Switzerland and Liechtenstein, reverse charge in the EU, none for export', () => {
    expect([vatTreatment('CH'), vatTreatment('LI'), vatTreatment('DE'), vatTreatment('US')]).toEqual([
      'swiss',
      'swiss',
      'reverseCharge',
      'export',
    ])
    expect(vatBasisPoints('swiss')).toBe(810)
    expect(vatBasisPoints('reverseCharge')).toBe(0)
  })

  it('rounds the VAT half up to a whole minor unit', () => {
    expect(vatOn(75000, 810)).toBe(6075)
    expect(vatOn(62, 810)).toBe(5)
    expect(vatOn(617, 810)).toBe(50)
    expect(vatOn(0, 810)).toBe(0)
  })
})
