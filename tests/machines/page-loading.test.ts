import { describe, expect, it } from 'vitest'
import { type AnyActorRef, createActor, SimulatedClock } from 'xstate'
import { pageLoadingMachine } from '../../machines/page-loading/page-loading.machine.ts'
import type { PageFetchInput, PageFetchResult } from '../../machines/page-loading/page-loading.types.ts'
import { isLoadedStatus, isRetryableStatus } from '../../machines/page-loading/page-status.ts'
import {
  PAGE_MAX_RETRIES,
  PAGE_RETRY_BASE_DELAY_MS,
  PAGE_RETRY_MAX_DELAY_MS,
  retryDelay,
} from '../../machines/page-loading/retry-delay.ts'
import { controlledActor, flushMicrotasks } from './controlled-actor.ts'
import { walk } from './walk.ts'

/** One step of the walk: xstate's own events (done, error, after) are not in the machine's event type. */
type Step = { actor: AnyActorRef; clock: SimulatedClock; event: { type: string; output?: unknown } }

describe('page retry constants', () => {
  it.each([
    [0, 100],
    [1, 200],
    [2, 400],
    [3, 800],
    [4, 1600],
    [5, 3200],
    [6, 5000],
    [7, 5000],
    [9, 5000],
  ])(
    'SPEC §9: page retry delay is 100 ms x 2^n capped at 5000 ms (attempt %i waits %i ms)',
    (attempt, ms) => {
      expect(retryDelay(attempt)).toBe(ms)
    },
  )
  it('SPEC §9: page retry count is 10, base 100 ms, cap 5000 ms', () => {
    expect(PAGE_MAX_RETRIES).toBe(10)
    expect(PAGE_RETRY_BASE_DELAY_MS).toBe(100)
    expect(PAGE_RETRY_MAX_DELAY_MS).toBe(5000)
  })
  it('SPEC §7-8: 202 and the retry statuses are retried, other statuses are not', () => {
    for (const status of [202, 408, 409, 425, 429, 500, 502, 503, 504])
      expect(isRetryableStatus(status)).toBe(true)
    for (const status of [200, 400, 401, 403, 404, 501]) expect(isRetryableStatus(status)).toBe(false)
    expect(isLoadedStatus(200)).toBe(true)
    expect(isLoadedStatus(204)).toBe(true)
    expect(isLoadedStatus(202)).toBe(false)
    expect(isLoadedStatus(304)).toBe(false)
  })
})

describe('page loading machine', () => {
  it('SPEC §8: page load fails after 10 retries, waiting 100 ms doubling up to 5 s between them', async () => {
    const fetch = controlledActor<PageFetchResult, PageFetchInput>()
    const clock = new SimulatedClock()
    const actor = createActor(pageLoadingMachine.provide({ actors: { fetchPage: fetch.logic } }), {
      input: {},
      clock,
    }).start()
    const waits: number[] = []
    for (let retry = 0; retry <= PAGE_MAX_RETRIES; retry++) {
      expect(fetch.inputs).toHaveLength(retry + 1)
      fetch.reject(new Error('offline'))
      await flushMicrotasks()
      if (retry === PAGE_MAX_RETRIES) break
      let waited = 0
      while (fetch.inputs.length === retry + 1) {
        clock.increment(100)
        waited += 100
      }
      waits.push(waited)
    }
    expect(waits).toEqual([100, 200, 400, 800, 1600, 3200, 5000, 5000, 5000, 5000])
    expect(fetch.inputs.map((i) => i.attempt)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    expect(actor.getSnapshot().value).toBe('failed')
    expect(actor.getSnapshot().context.error).toBe('page.load_failed')
    actor.stop()
  })

  it('SPEC §8: a 503 waits for the Retry-After seconds', async () => {
    const fetch = controlledActor<PageFetchResult, PageFetchInput>()
    const clock = new SimulatedClock()
    const actor = createActor(pageLoadingMachine.provide({ actors: { fetchPage: fetch.logic } }), {
      input: {},
      clock,
    }).start()
    fetch.resolve({ status: 503, retryAfter: 7 })
    await flushMicrotasks()
    clock.increment(6999)
    expect(fetch.inputs).toHaveLength(1)
    clock.increment(1)
    expect(fetch.inputs).toHaveLength(2)
    fetch.resolve({ status: 200, data: 'page-1' })
    await flushMicrotasks()
    expect(actor.getSnapshot().value).toBe('loaded')
    expect(actor.getSnapshot().context.data).toBe('page-1')
    actor.stop()
  })

  it('walks every state and transition', async () => {
    const fetch = controlledActor<PageFetchResult, PageFetchInput>()
    const samples = [
      { type: 'xstate.done.actor.fetchPage', output: { status: 200, data: 'image' } },
      { type: 'xstate.done.actor.fetchPage', output: { status: 202 } },
      { type: 'xstate.done.actor.fetchPage', output: { status: 503, retryAfter: 2 } },
      { type: 'xstate.done.actor.fetchPage', output: { status: 503 } },
      { type: 'xstate.done.actor.fetchPage', output: { status: 404 } },
      { type: 'xstate.error.actor.fetchPage', error: new Error('offline') },
      { type: 'xstate.after.backoff.pageLoading.backingOff' },
      { type: 'xstate.after.retryAfter.pageLoading.waitingRetryAfter' },
      { type: 'page.retry' },
    ]
    const coverage = await walk('page-loading', {
      machine: pageLoadingMachine.provide({ actors: { fetchPage: fetch.logic } }),
      input: { maxRetries: 2 },
      events: (s) => samples.filter((e) => s.can(e as never)) as never,
      exec: {
        'xstate.done.actor.fetchPage': ({ event }: Step) => fetch.resolve(event.output as PageFetchResult),
        'xstate.error.actor.fetchPage': () => fetch.reject(new Error('offline')),
        'xstate.after.backoff.pageLoading.backingOff': ({ actor, clock }: Step) =>
          clock.increment(retryDelay(actor.getSnapshot().context.attempt)),
        'xstate.after.retryAfter.pageLoading.waitingRetryAfter': ({ actor, clock }: Step) =>
          clock.increment(actor.getSnapshot().context.retryAfter * 1000),
      } as never,
      check: (s) => {
        expect(s.context.attempt).toBeLessThanOrEqual(2)
        expect(fetch.inputs.at(-1)?.attempt).toBe(s.context.attempt)
      },
      states: {
        loaded: (s) => expect(s.context.data).toBe('image'),
        failed: (s) => expect(s.context.error).toBe('page.load_failed'),
        waitingRetryAfter: (s) => expect(s.context.retryAfter).toBe(2),
        loading: (s) => expect(s.context.error).toBeNull(),
      },
    })
    expect(coverage.missingStates).toEqual([])
    expect(coverage.missingTransitions).toEqual([])
  })
})
