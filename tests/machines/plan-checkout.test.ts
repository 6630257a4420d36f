import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import type { CreateBusiness } from '../../contract/businesses.ts'
import type { UpgradePreview } from '../../contract/price-plans.ts'
import { planCheckoutMachine } from '../../machines/business-payment/plan-checkout.machine.ts'
import {
  selectCheckoutError,
  selectCheckoutPreview,
  selectCheckoutStep,
  selectCodeError,
  selectCurrency,
} from '../../machines/business-payment/plan-checkout.selectors.ts'
import type {
  CheckoutOrderInput,
  CheckoutPreviewInput,
  PlanCheckoutInput,
} from '../../machines/business-payment/plan-checkout.types.ts'
import { controlledActor, flushMicrotasks } from './controlled-actor.ts'
import { walk } from './walk.ts'

const preview: UpgradePreview = {
  plan: 'team',
  cycle: 'yearly',
  currency: 'EUR',
  seats: 2,
  unitAmount: 25000,
  vatTreatment: 'swiss',
  promoCode: null,
  periods: [
    {
      startsAt: '2026-03-15T09:00:00.000Z',
      endsAt: '2027-03-15T09:00:00.000Z',
      subtotal: 50000,
      discount: 0,
      vatRate: 810,
      vat: 4050,
      total: 54050,
    },
  ],
  planSwitch: null,
}
const company = { name: 'Oneshot AG', billing: { country: 'CH' } } as CreateBusiness
const refused = (code: string) => Object.assign(new Error(code), { code })

const calls = () => ({
  preview: controlledActor<UpgradePreview, CheckoutPreviewInput>(),
  order: controlledActor<void, CheckoutOrderInput>(),
})
const provided = (c: ReturnType<typeof calls>) =>
  planCheckoutMachine.provide({ actors: { preview: c.preview.logic, order: c.order.logic } })
const upgrade: PlanCheckoutInput = { mode: 'upgrade', cycle: 'yearly', currency: 'CHF', seats: 1 }

describe('plan checkout machine (SPEC §2 plans, upgrade preview, direct upgrade)', () => {
  it('prices a chosen plan for the least seats it is sold for, with the code, and orders it', async () => {
    const c = calls()
    const actor = createActor(provided(c), { input: upgrade }).start()
    actor.send({ type: 'currency.change', currency: 'EUR' })
    actor.send({ type: 'plan.choose', plan: 'team', minSeats: 2 })
    expect(selectCheckoutStep(actor.getSnapshot())).toBe('pricing')
    expect(c.preview.inputs.at(-1)).toEqual({
      order: { plan: 'team', cycle: 'yearly', amountSeats: 2, currency: 'EUR' },
      company: null,
    })
    c.preview.resolve(preview)
    await flushMicrotasks()
    expect(selectCheckoutStep(actor.getSnapshot())).toBe('priced')
    expect(selectCheckoutPreview(actor.getSnapshot())).toEqual(preview)
    actor.send({ type: 'code.apply', code: ' welcome20 ' })
    expect(c.preview.inputs.at(-1)?.order).toMatchObject({ promoCode: 'welcome20' })
    // A refused code is said at the code, and the order priced again without it.
    c.preview.reject(refused('billing.code_unknown'))
    await flushMicrotasks()
    expect(selectCodeError(actor.getSnapshot())).toBe('billing.code_unknown')
    expect(c.preview.inputs.at(-1)?.order).toEqual({
      plan: 'team',
      cycle: 'yearly',
      amountSeats: 2,
      currency: 'EUR',
    })
    actor.send({ type: 'code.apply', code: 'REF-ACME' })
    expect(selectCodeError(actor.getSnapshot())).toBeNull()
    expect(c.preview.inputs.at(-1)?.order).toMatchObject({ referralCode: 'REF-ACME' })
    c.preview.resolve(preview)
    await flushMicrotasks()
    actor.send({ type: 'checkout.confirm', setupIntentId: 'seti_1' })
    expect(c.order.inputs.at(-1)).toMatchObject({
      setupIntentId: 'seti_1',
      previewedAt: preview.periods[0]?.startsAt,
    })
    // A declined card leaves the order priced, saying why.
    c.order.reject(refused('billing.card_declined'))
    await flushMicrotasks()
    expect(selectCheckoutStep(actor.getSnapshot())).toBe('priced')
    expect(selectCheckoutError(actor.getSnapshot())).toBe('billing.card_declined')
    actor.send({ type: 'checkout.confirm', setupIntentId: 'seti_1' })
    expect(selectCheckoutError(actor.getSnapshot())).toBeNull()
    c.order.resolve()
    await flushMicrotasks()
    expect(selectCheckoutStep(actor.getSnapshot())).toBe('ordered')
  })

  it('asks a direct buyer for the company first, and follows the language until a currency is picked', async () => {
    const c = calls()
    const actor = createActor(provided(c), { input: { ...upgrade, mode: 'direct', currency: 'EUR' } }).start()
    actor.send({ type: 'currency.suggest', currency: 'CHF' })
    expect(selectCurrency(actor.getSnapshot())).toBe('CHF')
    actor.send({ type: 'currency.change', currency: 'EUR' })
    actor.send({ type: 'currency.suggest', currency: 'CHF' })
    expect(selectCurrency(actor.getSnapshot())).toBe('EUR')
    actor.send({ type: 'plan.choose', plan: 'team', minSeats: 2 })
    expect(selectCheckoutStep(actor.getSnapshot())).toBe('company')
    actor.send({ type: 'cycle.change', cycle: 'monthly' })
    expect(c.preview.calls()).toBe(0)
    actor.send({ type: 'company.submit', company })
    expect(c.preview.inputs.at(-1)).toEqual({
      order: { plan: 'team', cycle: 'monthly', amountSeats: 2, currency: 'EUR' },
      company,
    })
    c.preview.reject(refused('billing.plan_unavailable'))
    await flushMicrotasks()
    expect(selectCheckoutStep(actor.getSnapshot())).toBe('unpriced')
    expect(selectCheckoutError(actor.getSnapshot())).toBe('billing.plan_unavailable')
    // Another plan is priced for the same company.
    actor.send({ type: 'plan.choose', plan: 'pro', minSeats: 3 })
    expect(selectCheckoutStep(actor.getSnapshot())).toBe('pricing')
    expect(selectCheckoutError(actor.getSnapshot())).toBeNull()
  })

  it('switches a running subscription at the time of the price shown, keeping its seats', async () => {
    const c = calls()
    const actor = createActor(provided(c), {
      input: { mode: 'switch', cycle: 'yearly', currency: 'EUR', seats: 4 },
    }).start()
    actor.send({ type: 'plan.choose', plan: 'pro', minSeats: 1 })
    expect(c.preview.inputs.at(-1)?.order.amountSeats).toBe(4)
    const switched = {
      ...preview,
      planSwitch: {
        credit: 100000,
        charge: 160000,
        subtotal: 60000,
        vatRate: 810,
        vat: 4860,
        total: 64860,
        periodEnd: '2027-03-15T09:00:00.000Z',
        nextPeriod: { seats: 4, subtotal: 160000, vat: 12960, total: 172960 },
        timestamp: '2026-04-01T10:00:00.000Z',
      },
    }
    c.preview.resolve(switched)
    await flushMicrotasks()
    actor.send({ type: 'checkout.confirm', setupIntentId: null })
    expect(c.order.inputs.at(-1)).toMatchObject({
      setupIntentId: null,
      previewedAt: '2026-04-01T10:00:00.000Z',
    })
  })

  it('walks every state and transition', async () => {
    const c = calls()
    const events = [
      { type: 'plan.choose', plan: 'team', minSeats: 2 },
      { type: 'cycle.change', cycle: 'monthly' },
      { type: 'currency.change', currency: 'EUR' },
      { type: 'currency.suggest', currency: 'CHF' },
      { type: 'company.submit', company },
      { type: 'code.apply', code: 'WELCOME20' },
      { type: 'checkout.confirm', setupIntentId: 'seti_1' },
      { type: 'xstate.done.actor.preview' },
      { type: 'xstate.error.actor.preview' },
      { type: 'xstate.done.actor.order' },
      { type: 'xstate.error.actor.order' },
    ]
    const coverage = await walk('plan-checkout', {
      machine: provided(c),
      // A direct buyer: the company step is taken, and skipped once the company is known.
      input: { ...upgrade, mode: 'direct' },
      events: (s) => events.filter((e) => s.can(e as never)) as never,
      exec: {
        'xstate.done.actor.preview': () => c.preview.resolve(preview),
        'xstate.error.actor.preview': () => c.preview.reject(refused('billing.code_unknown')),
        'xstate.done.actor.order': () => c.order.resolve(),
        'xstate.error.actor.order': () => c.order.reject(refused('billing.card_declined')),
      },
      // The guards read whether a plan, a company, a code and a picked currency are there.
      serializeState: (s) =>
        JSON.stringify({
          value: s.value,
          plan: s.context.plan !== null,
          company: s.context.company !== null,
          code: s.context.code !== '',
          picked: s.context.currencyPicked,
        }),
      check: (s) => {
        if (s.matches({ shopping: 'priced' }) || s.matches('ordering'))
          expect(selectCheckoutPreview(s)).not.toBeNull()
        if (s.matches({ shopping: 'company' })) expect(s.context.company).toBeNull()
      },
      states: {
        'shopping.unpriced': (s) => expect(selectCheckoutError(s)).not.toBeNull(),
        'shopping.pricing': (s) => expect(selectCheckoutPreview(s)).toBeNull(),
      },
    })
    expect(coverage.missingStates).toEqual([])
    expect(coverage.missingTransitions).toEqual([])
  })
})
