import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { OVERLAY_Z_INDEX } from '../../machines/overlay/overlay.constants.ts'
import type {
  ActiveOverlay,
  OverlayActionResult,
  OverlayRunActionInput,
} from '../../machines/overlay/overlay.types.ts'
import { overlayHostMachine } from '../../machines/overlay/overlay-host.machine.ts'
import { overlayHostView } from '../../machines/overlay/overlay-host.selectors.ts'
import { controlledActor, flushMicrotasks } from './controlled-actor.ts'
import { walk } from './walk.ts'

/** One step of the walk: xstate's own events (done, error) are not in the machine's event type. */
type Step = { event: { type: string; output?: unknown } }

const signing: ActiveOverlay = { name: 'signing', id: 'o1', props: {}, action: async () => 'continue' }
const success: ActiveOverlay = { name: 'signingSuccess', id: 'o2', props: {}, action: async () => 'complete' }

describe('overlay host', () => {
  it('SPEC §9: overlay layer is 1900, below dialog stacking', () => {
    expect(OVERLAY_Z_INDEX).toBe(1900)
  })

  it('ignores an outside click', () => {
    const actor = createActor(overlayHostMachine).start()
    actor.send({ type: 'overlay.open', overlay: signing })
    actor.send({ type: 'overlay.outsideClick' })
    expect(overlayHostView(actor.getSnapshot())).toEqual({ overlay: signing, loading: false, error: null })
    actor.stop()
  })

  it('closes only when the action result is complete', async () => {
    const actor = createActor(overlayHostMachine).start()
    actor.send({ type: 'overlay.open', overlay: signing })
    actor.send({ type: 'overlay.action' })
    expect(overlayHostView(actor.getSnapshot()).loading).toBe(true)
    await flushMicrotasks()
    expect(overlayHostView(actor.getSnapshot())).toMatchObject({ overlay: signing, loading: false })
    actor.send({ type: 'overlay.open', overlay: success })
    actor.send({ type: 'overlay.action' })
    await flushMicrotasks()
    expect(overlayHostView(actor.getSnapshot())).toEqual({ overlay: null, loading: false, error: null })
    actor.stop()
  })

  it('clears loading and stays when the handler fails', async () => {
    const actor = createActor(overlayHostMachine).start()
    const failing = { ...signing, action: () => Promise.reject(new Error('boom')) }
    actor.send({ type: 'overlay.open', overlay: failing })
    actor.send({ type: 'overlay.action', value: { tan: '123456' } })
    await flushMicrotasks()
    expect(overlayHostView(actor.getSnapshot())).toEqual({
      overlay: failing,
      loading: false,
      error: 'overlay.action_failed',
    })
    actor.stop()
  })

  it('keeps the overlay the handler opened even when the result is complete', async () => {
    const actor = createActor(overlayHostMachine).start()
    actor.send({
      type: 'overlay.open',
      overlay: {
        ...signing,
        action: async () => {
          actor.send({ type: 'overlay.open', overlay: success })
          return 'complete'
        },
      },
    })
    actor.send({ type: 'overlay.action' })
    await flushMicrotasks()
    expect(overlayHostView(actor.getSnapshot())).toEqual({ overlay: success, loading: false, error: null })
    actor.stop()
  })

  it('walks every state and transition', async () => {
    const run = controlledActor<OverlayActionResult, OverlayRunActionInput>()
    const samples = [
      { type: 'overlay.open', overlay: signing },
      { type: 'overlay.open', overlay: success },
      { type: 'overlay.action', value: 'x' },
      { type: 'overlay.outsideClick' },
      { type: 'route.leave' },
      { type: 'xstate.done.actor.runAction', output: 'complete' },
      { type: 'xstate.done.actor.runAction', output: 'continue' },
      { type: 'xstate.error.actor.runAction', error: new Error('boom') },
    ]
    const coverage = await walk('overlay', {
      machine: overlayHostMachine.provide({ actors: { runAction: run.logic } }),
      events: samples as never,
      exec: {
        'xstate.done.actor.runAction': ({ event }: Step) => run.resolve(event.output as OverlayActionResult),
        'xstate.error.actor.runAction': () => run.reject(new Error('boom')),
      } as never,
      check: (s) => expect(overlayHostView(s).loading).toBe(s.matches({ open: 'running' })),
      states: {
        closed: (s) => expect(s.context).toEqual({ overlay: null, replaced: false, error: null }),
        open: (s) => expect(s.context.overlay).not.toBeNull(),
        'open.idle': (s) => expect(s.context.replaced).toBe(false),
      },
    })
    expect(coverage.missingStates).toEqual([])
    expect(coverage.missingTransitions).toEqual([])
  })
})
