import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { signupMachine } from '../../machines/signup/signup.machine.ts'
import { selectIsRegistering, selectStep, selectStepNumber } from '../../machines/signup/signup.selectors.ts'
import type { RegisterAnswer, RegisterInput, SignupEvent } from '../../machines/signup/signup.types.ts'
import { validateSignupStep } from '../../machines/signup/signup-validation.ts'
import { walk } from './walk.ts'

const testMachine = signupMachine.provide({
  actors: {
    register: fromPromise<RegisterAnswer, RegisterInput>(async ({ input }) => {
      if (input.values.lastName === 'Common') throw { code: 'password.too_common', field: 'password' }
      return { token: `account-of-${input.token}` }
    }),
  },
})

/** A machine whose register call settles only when the walk says how (through `exec`). */
function walkedMachine() {
  let pending: { resolve: (answer: RegisterAnswer) => void; reject: (error: unknown) => void } | null = null
  const machine = signupMachine.provide({
    actors: {
      register: fromPromise<RegisterAnswer, RegisterInput>(
        () => new Promise((resolve, reject) => (pending = { resolve, reject })),
      ),
    },
  })
  const settle = (outcome: { output: RegisterAnswer } | { error: unknown }) => {
    if (!pending) return
    if ('output' in outcome) pending.resolve(outcome.output)
    else pending.reject(outcome.error)
    pending = null
  }
  return { machine, settle }
}

// Events of the invoked actor are not in SignupEvent; the walk makes the actor settle with them.
const actorEvent = (event: { type: string; output?: unknown; error?: unknown }) =>
  event as unknown as SignupEvent
const answers = [
  actorEvent({ type: 'xstate.done.actor.register', output: { token: 'account-1' } }),
  actorEvent({ type: 'xstate.error.actor.register', error: { code: 'user.already_exists' } }),
  actorEvent({ type: 'xstate.error.actor.register', error: { code: 'token.expired', field: 'token' } }),
  actorEvent({ type: 'xstate.error.actor.register', error: { code: 'request.invalid', field: 'last_name' } }),
  actorEvent({
    type: 'xstate.error.actor.register',
    error: { code: 'password.too_common', field: 'password' },
  }),
]

const input = { token: 'confirm-1', email: 'ada.lovelace@example.com', lang: 'de-ch' }

describe('signup steps machine', () => {
  it('walks every state and transition', async () => {
    const { machine, settle } = walkedMachine()
    const byStep: Record<string, SignupEvent[]> = {
      name: [
        { type: 'signup.change', values: { firstName: '', lastName: '' } },
        { type: 'signup.change', values: { firstName: 'Ada', lastName: 'Lovelace' } },
      ],
      password: [
        { type: 'signup.change', values: { password: 'short' } },
        { type: 'signup.change', values: { password: 'analytical engine 1843' } },
      ],
      terms: [
        { type: 'signup.change', values: { gtc: false } },
        { type: 'signup.change', values: { gtc: true } },
      ],
    }
    const coverage = await walk('signup', {
      machine,
      input,
      events: (snapshot): SignupEvent[] =>
        snapshot.matches('registering')
          ? answers
          : [...(byStep[String(snapshot.value)] ?? []), { type: 'signup.next' }, { type: 'signup.back' }],
      exec: {
        'xstate.done.actor.register': ({ event }) =>
          settle({ output: (event as unknown as { output: RegisterAnswer }).output }),
        'xstate.error.actor.register': ({ event }) =>
          settle({ error: (event as unknown as { error: unknown }).error }),
      },
      check: (snapshot) => {
        expect(snapshot.context.token).toBe('confirm-1')
        expect(snapshot.context.values.lang).toBe('de-ch')
      },
      states: {
        registered: (s) => expect(s.context.accountToken).toBe('account-1'),
        registering: (s) => {
          expect(validateSignupStep('terms', s.context.values, s.context.email)).toEqual({})
          expect(selectIsRegistering(s)).toBe(true)
          expect(selectStep(s)).toBe('terms')
        },
      },
    })
    expect(coverage.missingStates).toEqual([])
    expect(coverage.missingTransitions).toEqual([])
    expect(coverage.statesReached).toBe(coverage.states)
    expect(coverage.transitionsTaken).toBe(coverage.transitions)
  })

  it('keeps what was typed when going back and forth', () => {
    const actor = createActor(testMachine, { input }).start()
    actor.send({ type: 'signup.change', values: { firstName: 'Ada', lastName: 'Lovelace' } })
    actor.send({ type: 'signup.next' })
    actor.send({ type: 'signup.change', values: { password: 'analytical engine 1843' } })
    actor.send({ type: 'signup.next' })
    expect(selectStepNumber(actor.getSnapshot())).toBe(3)
    actor.send({ type: 'signup.back' })
    actor.send({ type: 'signup.back' })
    expect(selectStep(actor.getSnapshot())).toBe('name')
    expect(actor.getSnapshot().context.values).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      password: 'analytical engine 1843',
    })
  })

  it('refuses to leave a step with invalid fields and names them', () => {
    const actor = createActor(testMachine, { input }).start()
    actor.send({ type: 'signup.next' })
    expect(actor.getSnapshot().context.errors).toEqual({ firstName: 'required', lastName: 'required' })
    actor.send({ type: 'signup.change', values: { firstName: 'Ada' } })
    expect(actor.getSnapshot().context.errors).toEqual({ lastName: 'required' })
    actor.send({ type: 'signup.change', values: { lastName: 'Lovelace' } })
    actor.send({ type: 'signup.next' })
    actor.send({ type: 'signup.change', values: { password: 'ada.lovelace-1815' } })
    actor.send({ type: 'signup.next' })
    expect(actor.getSnapshot().value).toBe('password')
    expect(actor.getSnapshot().context.errors).toEqual({ password: 'password.contains_email' })
    actor.send({ type: 'signup.change', values: { password: 'analytical engine 1843' } })
    actor.send({ type: 'signup.next' })
    actor.send({ type: 'signup.next' })
    expect(actor.getSnapshot().context.errors).toEqual({ gtc: 'required' })
  })

  it('goes back to the step of the field the server refused, with its code', async () => {
    const actor = createActor(testMachine, { input }).start()
    actor.send({ type: 'signup.change', values: { firstName: 'Ada', lastName: 'Common' } })
    actor.send({ type: 'signup.next' })
    actor.send({ type: 'signup.change', values: { password: 'analytical engine 1843' } })
    actor.send({ type: 'signup.next' })
    actor.send({ type: 'signup.change', values: { gtc: true } })
    actor.send({ type: 'signup.next' })
    const refused = await waitFor(actor, (s) => !s.matches('registering'))
    expect(refused.value).toBe('password')
    expect(refused.context.errors).toEqual({ password: 'password.too_common' })
  })

  it('an unknown failure stays on the terms step as a form-level error', async () => {
    const machine = signupMachine.provide({
      actors: {
        register: fromPromise<RegisterAnswer, RegisterInput>(() => Promise.reject(new Error('offline'))),
      },
    })
    const actor = createActor(machine, { input: { token: 't', email: 'x@example.com' } }).start()
    actor.send({
      type: 'signup.change',
      values: { firstName: 'A', lastName: 'B', password: 'analytical engine 1843', gtc: true },
    })
    actor.send({ type: 'signup.next' })
    actor.send({ type: 'signup.next' })
    actor.send({ type: 'signup.next' })
    const refused = await waitFor(actor, (s) => !s.matches('registering'))
    expect(refused.value).toBe('terms')
    expect(refused.context.formError).toBe('network.unreachable')
    expect(refused.context.values.lang).toBe('en-gb')
  })
})
