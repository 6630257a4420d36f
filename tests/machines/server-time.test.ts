import { describe, expect, it } from 'vitest'
import { createActor, SimulatedClock } from 'xstate'
import { serverNow } from '../../machines/server-time/server-now.ts'
import { SERVER_TIME_MIN_REFRESH_MS } from '../../machines/server-time/server-time.constants.ts'
import { serverTimeMachine } from '../../machines/server-time/server-time.machine.ts'
import type { ServerTimeFetchOutput } from '../../machines/server-time/server-time.types.ts'
import { controlledActor, flushMicrotasks } from './controlled-actor.ts'
import { walk } from './walk.ts'

/** One step of the walk: xstate's own events (done, error, after) are not in the machine's event type. */
type Step = { clock: SimulatedClock; event: { type: string; output?: unknown } }

describe('server time', () => {
  it('SPEC §9: server time refresh minimum is 2 s', () => {
    expect(SERVER_TIME_MIN_REFRESH_MS).toBe(2000)
  })

  it('keeps the offset between the server clock and the local clock', async () => {
    const fetch = controlledActor<ServerTimeFetchOutput>()
    const actor = createActor(serverTimeMachine.provide({ actors: { fetchServerTime: fetch.logic } }), {
      clock: new SimulatedClock(),
    }).start()
    expect(actor.getSnapshot().context).toEqual({ now: null, offset: 0 })
    fetch.resolve({ now: '2026-11-21T06:00:00.500Z', receivedAt: Date.parse('2026-11-21T06:00:00.000Z') })
    await flushMicrotasks()
    expect(actor.getSnapshot().context).toEqual({ now: '2026-11-21T06:00:00.500Z', offset: 500 })
    expect(serverNow(actor.getSnapshot().context, 2_000_000)).toBe(2_000_500)
    actor.stop()
  })

  it('honours a refresh no more often than every 2 s and serves a request made inside the window', async () => {
    const fetch = controlledActor<ServerTimeFetchOutput>()
    const clock = new SimulatedClock()
    const actor = createActor(serverTimeMachine.provide({ actors: { fetchServerTime: fetch.logic } }), {
      clock,
    }).start()
    fetch.resolve({ now: '1970-01-01T00:00:00.010Z', receivedAt: 0 })
    await flushMicrotasks()
    clock.increment(500)
    actor.send({ type: 'time.refresh' })
    actor.send({ type: 'time.refresh' })
    clock.increment(1499)
    expect(fetch.calls()).toBe(1)
    clock.increment(1)
    expect(fetch.calls()).toBe(2)
    fetch.resolve({ now: '1970-01-01T00:00:00.020Z', receivedAt: 0 })
    await flushMicrotasks()
    clock.increment(SERVER_TIME_MIN_REFRESH_MS)
    expect(fetch.calls()).toBe(2)
    actor.send({ type: 'time.refresh' })
    expect(fetch.calls()).toBe(3)
    actor.stop()
  })

  it('walks every state and transition', async () => {
    const fetch = controlledActor<ServerTimeFetchOutput>()
    const samples = [
      {
        type: 'xstate.done.actor.fetchServerTime',
        output: { now: '1970-01-01T00:00:05.000Z', receivedAt: 3000 },
      },
      { type: 'xstate.error.actor.fetchServerTime', error: new Error('offline') },
      { type: 'xstate.after.minRefreshInterval.serverTime.coolingDown' },
      { type: 'time.refresh' },
    ]
    const coverage = await walk('server-time', {
      machine: serverTimeMachine.provide({ actors: { fetchServerTime: fetch.logic } }),
      events: (s) => samples.filter((e) => s.can(e as never)) as never,
      exec: {
        'xstate.done.actor.fetchServerTime': ({ event }: Step) =>
          fetch.resolve(event.output as ServerTimeFetchOutput),
        'xstate.error.actor.fetchServerTime': () => fetch.reject(new Error('offline')),
        'xstate.after.minRefreshInterval.serverTime.coolingDown': ({ clock }: Step) =>
          clock.increment(SERVER_TIME_MIN_REFRESH_MS),
      } as never,
      check: (s) => {
        if (s.context.now !== null) expect(s.context.offset).toBe(2000)
        else expect(s.context.offset).toBe(0)
      },
    })
    expect(coverage.missingStates).toEqual([])
    expect(coverage.missingTransitions).toEqual([])
  })
})
