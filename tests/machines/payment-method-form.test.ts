import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import type { SetupIntent } from '../../contract/billing.ts'
import { paymentMethodFormMachine } from '../../machines/business-payment/payment-method-form.machine.ts'
import {
  selectPaymentMethodBusy,
  selectPaymentMethodError,
  selectSetupIntent,
} from '../../machines/business-payment/payment-method-form.selectors.ts'
import type {
  CompleteMethodInput,
  ConfirmMethodInput,
} from '../../machines/business-payment/payment-method-form.types.ts'
import { controlledActor, flushMicrotasks } from './controlled-actor.ts'
import { walk } from './walk.ts'

const intent = (id: string): SetupIntent => ({ id, clientSecret: `${id}_secret`, publishableKey: null })
const refused = (code: string) => Object.assign(new Error(code), { code })

const calls = () => ({
  createSetup: controlledActor<SetupIntent>(),
  confirmMethod: controlledActor<string, ConfirmMethodInput>(),
  complete: controlledActor<void, CompleteMethodInput>(),
})
const provided = (c: ReturnType<typeof calls>) =>
  paymentMethodFormMachine.provide({
    actors: {
      createSetup: c.createSetup.logic,
      confirmMethod: c.confirmMethod.logic,
      complete: c.complete.logic,
    },
  })
const submit = { type: 'method.submit', confirm: async () => 'seti_1' } as const

describe('payment method form machine', () => {
  it('confirms the method with the provider, hands it on, and makes a new setup for the next', async () => {
    const c = calls()
    const confirmed: string[] = []
    const actor = createActor(
      paymentMethodFormMachine.provide({
        actors: { createSetup: c.createSetup.logic, complete: c.complete.logic },
      }),
    ).start()
    expect(selectSetupIntent(actor.getSnapshot())).toBeNull()
    c.createSetup.resolve(intent('seti_1'))
    await flushMicrotasks()
    expect(selectSetupIntent(actor.getSnapshot())?.id).toBe('seti_1')
    // The provider's own confirmation runs with the setup; a declined card stays in the same setup.
    actor.send({
      type: 'method.submit',
      confirm: async (setup) => {
        confirmed.push(setup.id)
        throw refused('billing.card_declined')
      },
    })
    expect(selectPaymentMethodBusy(actor.getSnapshot())).toBe(true)
    await flushMicrotasks()
    expect(selectPaymentMethodError(actor.getSnapshot())).toBe('billing.card_declined')
    expect(selectSetupIntent(actor.getSnapshot())?.id).toBe('seti_1')
    actor.send(submit)
    expect(selectPaymentMethodError(actor.getSnapshot())).toBeNull()
    await flushMicrotasks()
    expect(c.complete.inputs).toEqual([{ setupIntentId: 'seti_1' }])
    c.complete.resolve()
    await flushMicrotasks()
    expect(confirmed).toEqual(['seti_1'])
    expect(selectSetupIntent(actor.getSnapshot())).toBeNull()
    expect(c.createSetup.calls()).toBe(2)
  })

  it('shows no form when no setup can be made', async () => {
    const c = calls()
    const actor = createActor(provided(c)).start()
    c.createSetup.reject(refused('billing.unavailable'))
    await flushMicrotasks()
    expect(actor.getSnapshot().value).toBe('unavailable')
    expect(selectPaymentMethodError(actor.getSnapshot())).toBe('billing.unavailable')
  })

  it('walks every state and transition', async () => {
    const c = calls()
    const coverage = await walk('payment-method-form', {
      machine: provided(c),
      events: [submit] as never,
      exec: {
        'xstate.done.actor.createSetup': () => c.createSetup.resolve(intent('seti_1')),
        'xstate.error.actor.createSetup': () => c.createSetup.reject(refused('billing.unavailable')),
        'xstate.done.actor.confirmMethod': () => c.confirmMethod.resolve('seti_1'),
        'xstate.error.actor.confirmMethod': () => c.confirmMethod.reject(refused('billing.card_declined')),
        'xstate.done.actor.complete': () => c.complete.resolve(),
        'xstate.error.actor.complete': () => c.complete.reject(refused('billing.card_declined')),
      },
      serializeState: (s) => JSON.stringify({ value: s.value, error: s.context.error !== null }),
      check: (s) => {
        if (s.matches('ready')) expect(selectSetupIntent(s)).not.toBeNull()
      },
      states: { unavailable: (s) => expect(selectPaymentMethodError(s)).not.toBeNull() },
    })
    expect(coverage.missingStates).toEqual([])
    expect(coverage.missingTransitions).toEqual([])
  })
})
