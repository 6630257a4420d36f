import { describe, expect, it } from 'vitest'
import { type AnyActorRef, createActor, SimulatedClock, type SnapshotFrom } from 'xstate'
import {
  SNACKBAR_DEFAULT_DURATION_MS,
  SNACKBAR_SWIPE_DISMISS_PX,
} from '../../machines/snackbar/snackbar.constants.ts'
import type { Snackbar } from '../../machines/snackbar/snackbar.types.ts'
import { snackbarQueueMachine } from '../../machines/snackbar/snackbar-queue.machine.ts'
import { isSwipeDismiss } from '../../machines/snackbar/snackbar-swipe.ts'
import { walk } from './walk.ts'

/** One step of the walk: xstate's own after events are not in the machine's event type. */
type Step = { actor: AnyActorRef; clock: SimulatedClock }

const saved: Snackbar = { id: 'saved', message: 'profile.saved', color: 'success' }
const offline: Snackbar = {
  id: 'offline',
  message: 'global.error.offline',
  color: 'error',
  indefinite: true,
  dismissible: false,
}
const reminded: Snackbar = { id: 'reminded', message: 'document.reminded', color: 'info', duration: 5000 }

const ids = (s: SnapshotFrom<typeof snackbarQueueMachine>) => [
  s.context.current?.id,
  ...s.context.queue.map((q) => q.id),
]

describe('snackbar queue', () => {
  it('SPEC §9: snackbar default duration is 3000 ms and a swipe over 50 px dismisses it', () => {
    expect(SNACKBAR_DEFAULT_DURATION_MS).toBe(3000)
    expect(SNACKBAR_SWIPE_DISMISS_PX).toBe(50)
    expect(isSwipeDismiss(50)).toBe(false)
    expect(isSwipeDismiss(51)).toBe(true)
    expect(isSwipeDismiss(-51)).toBe(true)
  })

  it('shows one at a time in order, each for its duration', () => {
    const clock = new SimulatedClock()
    const actor = createActor(snackbarQueueMachine, { clock }).start()
    actor.send({ type: 'snackbar.show', snackbar: saved })
    actor.send({ type: 'snackbar.show', snackbar: reminded })
    actor.send({ type: 'snackbar.show', snackbar: offline })
    expect(ids(actor.getSnapshot())).toEqual(['saved', 'reminded', 'offline'])
    clock.increment(2999)
    expect(actor.getSnapshot().context.current?.id).toBe('saved')
    clock.increment(1)
    expect(actor.getSnapshot().context.current?.id).toBe('reminded')
    clock.increment(4999)
    expect(actor.getSnapshot().context.current?.id).toBe('reminded')
    clock.increment(1)
    expect(actor.getSnapshot().context.current?.id).toBe('offline')
    clock.increment(60 * 60_000)
    expect(actor.getSnapshot().context.current?.id).toBe('offline')
    actor.send({ type: 'snackbar.close' })
    expect(actor.getSnapshot().context.current?.id).toBe('offline')
    actor.send({ type: 'snackbar.remove', id: 'offline' })
    expect(actor.getSnapshot().value).toBe('idle')
    expect(actor.getSnapshot().context).toEqual({ current: null, queue: [] })
    actor.stop()
  })

  it('restarts the timer for the next snackbar after a close', () => {
    const clock = new SimulatedClock()
    const actor = createActor(snackbarQueueMachine, { clock }).start()
    actor.send({ type: 'snackbar.show', snackbar: saved })
    actor.send({ type: 'snackbar.show', snackbar: { ...saved, id: 'second' } })
    clock.increment(2000)
    actor.send({ type: 'snackbar.close' })
    expect(actor.getSnapshot().context.current?.id).toBe('second')
    clock.increment(2999)
    expect(actor.getSnapshot().context.current?.id).toBe('second')
    clock.increment(1)
    expect(actor.getSnapshot().value).toBe('idle')
    actor.stop()
  })

  it('walks every state and transition', async () => {
    const shows = [saved, offline, reminded].map((snackbar) => ({ type: 'snackbar.show' as const, snackbar }))
    const others = [
      { type: 'snackbar.close' },
      { type: 'snackbar.remove', id: 'saved' },
      { type: 'snackbar.remove', id: 'offline' },
      { type: 'snackbar.advance' },
      { type: 'xstate.after.duration.snackbar.showing.timed' },
    ]
    const coverage = await walk('snackbar', {
      machine: snackbarQueueMachine,
      // Each snackbar at most once in the queue keeps the traversal finite.
      events: (s) =>
        [...shows.filter((e) => !ids(s).includes(e.snackbar.id)), ...others].filter((e) =>
          s.can(e as never),
        ) as never,
      exec: {
        'xstate.after.duration.snackbar.showing.timed': ({ actor, clock }: Step) =>
          clock.increment(actor.getSnapshot().context.current?.duration ?? SNACKBAR_DEFAULT_DURATION_MS),
      } as never,
      states: {
        idle: (s) => expect(s.context).toEqual({ current: null, queue: [] }),
        showing: (s) => expect(s.context.current).not.toBeNull(),
        'showing.permanent': (s) => expect(s.context.current?.indefinite).toBe(true),
        'showing.timed': (s) => expect(s.context.current?.indefinite).not.toBe(true),
      },
    })
    expect(coverage.missingStates).toEqual([])
    expect(coverage.missingTransitions).toEqual([])
  })
})
