import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { passkeyRegistrationMachine } from '../../machines/passkey-registration/passkey-registration.machine.ts'
import {
  selectPasskeyBusy,
  selectPasskeyFailure,
  selectWaitingForAuthenticator,
} from '../../machines/passkey-registration/passkey-registration.selectors.ts'
import type {
  CreatePasskeyInput,
  RequestOptionsInput,
  SavePasskeyInput,
} from '../../machines/passkey-registration/passkey-registration.types.ts'
import { controlledActor, flushMicrotasks } from './controlled-actor.ts'
import { walk } from './walk.ts'

const refused = (code: string) => Object.assign(new Error(code), { code })

const calls = () => ({
  requestOptions: controlledActor<string, RequestOptionsInput>(),
  createPasskey: controlledActor<string, CreatePasskeyInput>(),
  savePasskey: controlledActor<void, SavePasskeyInput>(),
})
const provided = (c: ReturnType<typeof calls>, announced: string[] = []) =>
  passkeyRegistrationMachine.provide({
    actors: {
      requestOptions: c.requestOptions.logic,
      createPasskey: c.createPasskey.logic,
      savePasskey: c.savePasskey.logic,
    },
    actions: { announceAdded: () => void announced.push('added') },
  })
const add = { type: 'passkey.add', name: 'Work laptop', password: 'pw' } as const

describe('passkey registration machine (issue 42 §2)', () => {
  it('checks the password, waits for the authenticator, saves the passkey under its name and announces it', async () => {
    const c = calls()
    const announced: string[] = []
    const actor = createActor(provided(c, announced)).start()
    actor.send(add)
    expect(selectPasskeyBusy(actor.getSnapshot())).toBe(true)
    await flushMicrotasks()
    expect(c.requestOptions.inputs).toEqual([{ password: 'pw' }])
    c.requestOptions.resolve('{"challenge":"c1"}')
    await flushMicrotasks()
    expect(selectWaitingForAuthenticator(actor.getSnapshot())).toBe(true)
    expect(c.createPasskey.inputs).toEqual([{ options: '{"challenge":"c1"}' }])
    c.createPasskey.resolve('{"id":"k1"}')
    await flushMicrotasks()
    expect(c.savePasskey.inputs).toEqual([{ name: 'Work laptop', credential: '{"id":"k1"}' }])
    expect(selectPasskeyBusy(actor.getSnapshot())).toBe(true)
    c.savePasskey.resolve()
    await flushMicrotasks()
    expect(actor.getSnapshot().value).toBe('added')
    expect(announced).toEqual(['added'])
    expect(actor.getSnapshot().context).toMatchObject({ name: '', options: null, credential: null })
    expect(selectPasskeyBusy(actor.getSnapshot())).toBe(false)
  })

  it('fails on a wrong password or a cancelled prompt, and tries again with what the user gives next', async () => {
    const c = calls()
    const actor = createActor(provided(c)).start()
    actor.send(add)
    await flushMicrotasks()
    c.requestOptions.reject(refused('auth.invalid_credentials'))
    await flushMicrotasks()
    expect(selectPasskeyFailure(actor.getSnapshot())).toMatchObject({ code: 'auth.invalid_credentials' })
    expect(c.createPasskey.calls()).toBe(0)

    actor.send({ ...add, password: 'right' })
    expect(selectPasskeyFailure(actor.getSnapshot())).toBeNull()
    await flushMicrotasks()
    c.requestOptions.resolve('{}')
    await flushMicrotasks()
    c.createPasskey.reject(refused('passkey.cancelled'))
    await flushMicrotasks()
    expect(actor.getSnapshot().value).toBe('failed')
    expect(selectPasskeyFailure(actor.getSnapshot())).toMatchObject({ code: 'passkey.cancelled' })
    expect(c.savePasskey.calls()).toBe(0)
  })

  it('walks every state and transition', async () => {
    const c = calls()
    const coverage = await walk('passkey-registration', {
      machine: provided(c),
      events: [add],
      exec: {
        'xstate.done.actor.requestOptions': () => c.requestOptions.resolve('{}'),
        'xstate.error.actor.requestOptions': () =>
          c.requestOptions.reject(refused('auth.invalid_credentials')),
        'xstate.done.actor.createPasskey': () => c.createPasskey.resolve('{}'),
        'xstate.error.actor.createPasskey': () => c.createPasskey.reject(refused('passkey.cancelled')),
        'xstate.done.actor.savePasskey': () => c.savePasskey.resolve(),
        'xstate.error.actor.savePasskey': () => c.savePasskey.reject(refused('passkey.invalid')),
      },
      serializeState: (s) => JSON.stringify({ value: s.value, failed: s.context.failure !== null }),
      check: (s) => {
        expect(selectPasskeyBusy(s)).toBe(
          s.matches('checkingPassword') || s.matches('waitingForAuthenticator') || s.matches('saving'),
        )
      },
      states: { failed: (s) => expect(selectPasskeyFailure(s)).not.toBeNull() },
    })
    expect(coverage.missingStates).toEqual([])
    expect(coverage.missingTransitions).toEqual([])
  })
})
