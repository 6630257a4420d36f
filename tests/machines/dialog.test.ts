import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { DIALOG_Z_INDEX, OVERLAY_Z_INDEX } from '../../machines/dialog/dialog.constants.ts'
import type { ActiveDialog, DialogAction, DialogActionResult } from '../../machines/dialog/dialog.types.ts'
import { dialogHostMachine } from '../../machines/dialog/dialog-host.machine.ts'
import { dialogHostView } from '../../machines/dialog/dialog-host.selectors.ts'
import { controlledActor, flushMicrotasks } from './controlled-actor.ts'
import { walk } from './walk.ts'

/** One step of the walk: xstate's own events (done, error) are not in the machine's event type. */
type Step = { event: { type: string; output?: DialogActionResult } }

const dialogPolicy = { dismissible: true, persistent: false, untilComplete: false }
const withdraw: ActiveDialog = { name: 'withdraw', id: 'd1', namespace: 'document', close: dialogPolicy }
const terms: ActiveDialog = {
  name: 'termsOfUse',
  id: 'd2',
  namespace: 'document',
  close: { ...dialogPolicy, dismissible: false },
}
const generalTerms: ActiveDialog = {
  name: 'acceptTerms',
  id: 'd3',
  namespace: 'general',
  close: { dismissible: false, persistent: true, untilComplete: false },
}
const overlayPolicy = { dismissible: false, persistent: false, untilComplete: true }
const signing: ActiveDialog = { name: 'signing', id: 'o1', namespace: null, close: overlayPolicy }
const success: ActiveDialog = { name: 'signingSuccess', id: 'o2', namespace: null, close: overlayPolicy }

const resolved =
  (result?: DialogActionResult): DialogAction =>
  async () =>
    result

describe('dialog host', () => {
  it('SPEC §9: dialog stacking is 2000, above the overlay layer at 1900', () => {
    expect(DIALOG_Z_INDEX).toBe(2000)
    expect(OVERLAY_Z_INDEX).toBe(1900)
  })

  it('runs the action with a loading flag, then closes the dialog', async () => {
    let finish = () => {}
    const actor = createActor(dialogHostMachine).start()
    actor.send({ type: 'dialog.open', dialog: withdraw })
    expect(dialogHostView(actor.getSnapshot())).toMatchObject({ loading: false, lockScroll: true })
    actor.send({
      type: 'dialog.action',
      run: () =>
        new Promise<undefined>((resolve) => {
          finish = () => resolve(undefined)
        }),
    })
    expect(dialogHostView(actor.getSnapshot()).loading).toBe(true)
    actor.send({ type: 'dialog.close' })
    expect(actor.getSnapshot().matches({ open: 'running' })).toBe(true)
    finish()
    await flushMicrotasks()
    expect(dialogHostView(actor.getSnapshot())).toEqual({
      dialog: null,
      loading: false,
      error: null,
      lockScroll: false,
    })
    actor.stop()
  })

  it('closes a dismissible dialog on Escape, but neither a non-dismissible one nor an overlay', () => {
    const actor = createActor(dialogHostMachine).start()
    for (const dialog of [terms, signing]) {
      actor.send({ type: 'dialog.open', dialog })
      actor.send({ type: 'dialog.close' })
      expect(actor.getSnapshot().context.dialog?.name).toBe(dialog.name)
    }
    actor.send({ type: 'dialog.open', dialog: withdraw })
    actor.send({ type: 'dialog.close' })
    expect(actor.getSnapshot().value).toBe('closed')
    actor.stop()
  })

  it('closes any dialog by its own way out, though not while its action runs', async () => {
    const actor = createActor(dialogHostMachine).start()
    actor.send({ type: 'dialog.open', dialog: generalTerms })
    actor.send({ type: 'dialog.close' })
    expect(actor.getSnapshot().context.dialog?.name).toBe('acceptTerms')
    actor.send({ type: 'dialog.dismiss' })
    expect(actor.getSnapshot().value).toBe('closed')
    let finish = () => {}
    actor.send({ type: 'dialog.open', dialog: withdraw })
    actor.send({
      type: 'dialog.action',
      run: () =>
        new Promise<undefined>((resolve) => {
          finish = () => resolve(undefined)
        }),
    })
    actor.send({ type: 'dialog.dismiss' })
    expect(actor.getSnapshot().matches({ open: 'running' })).toBe(true)
    finish()
    await flushMicrotasks()
    expect(actor.getSnapshot().value).toBe('closed')
    actor.stop()
  })

  it('stays open on the dialog the action opened, even when the action answers complete', async () => {
    for (const [first, second] of [
      [withdraw, terms],
      [signing, success],
    ] as const) {
      const actor = createActor(dialogHostMachine).start()
      actor.send({ type: 'dialog.open', dialog: first })
      actor.send({
        type: 'dialog.action',
        run: async () => {
          actor.send({ type: 'dialog.open', dialog: second })
          return 'complete'
        },
      })
      await flushMicrotasks()
      expect(dialogHostView(actor.getSnapshot())).toMatchObject({ dialog: second, loading: false })
      actor.stop()
    }
  })

  it('closes an overlay only when its action answers complete', async () => {
    const actor = createActor(dialogHostMachine).start()
    actor.send({ type: 'dialog.open', dialog: signing })
    actor.send({ type: 'dialog.action', run: resolved('continue') })
    await flushMicrotasks()
    expect(dialogHostView(actor.getSnapshot())).toMatchObject({ dialog: signing, loading: false })
    actor.send({ type: 'dialog.action', run: resolved() })
    await flushMicrotasks()
    expect(actor.getSnapshot().context.dialog).toBe(signing)
    actor.send({ type: 'dialog.action', run: resolved('complete') })
    await flushMicrotasks()
    expect(actor.getSnapshot().value).toBe('closed')
    actor.stop()
  })

  it('clears loading and stays open with an error code when the action fails', async () => {
    for (const dialog of [withdraw, signing]) {
      const actor = createActor(dialogHostMachine).start()
      actor.send({ type: 'dialog.open', dialog })
      actor.send({ type: 'dialog.action', run: () => Promise.reject(new Error('boom')) })
      await flushMicrotasks()
      expect(dialogHostView(actor.getSnapshot())).toMatchObject({
        dialog,
        loading: false,
        error: 'dialog.action_failed',
      })
      actor.stop()
    }
  })

  it('closes on leaving the page, even while its action runs, but a persistent dialog stays', async () => {
    let finish = () => {}
    const actor = createActor(dialogHostMachine).start()
    actor.send({ type: 'dialog.open', dialog: withdraw })
    actor.send({
      type: 'dialog.action',
      run: () =>
        new Promise<undefined>((resolve) => {
          finish = () => resolve(undefined)
        }),
    })
    expect(dialogHostView(actor.getSnapshot()).loading).toBe(true)
    actor.send({ type: 'route.leave' })
    expect(dialogHostView(actor.getSnapshot())).toMatchObject({ dialog: null, loading: false, error: null })
    finish()
    actor.send({ type: 'dialog.open', dialog: generalTerms })
    actor.send({ type: 'route.leave' })
    expect(actor.getSnapshot().context.dialog?.name).toBe('acceptTerms')
    actor.stop()
  })

  it('walks every state and transition', async () => {
    const run = controlledActor<DialogActionResult | undefined, DialogAction>()
    const samples = [
      { type: 'dialog.open', dialog: withdraw },
      { type: 'dialog.open', dialog: terms },
      { type: 'dialog.open', dialog: generalTerms },
      { type: 'dialog.open', dialog: signing },
      { type: 'dialog.action', run: resolved() },
      { type: 'dialog.close' },
      { type: 'dialog.dismiss' },
      { type: 'route.leave' },
      { type: 'xstate.done.actor.runAction', output: 'complete' },
      { type: 'xstate.done.actor.runAction', output: 'continue' },
      { type: 'xstate.error.actor.runAction', error: new Error('boom') },
    ]
    const coverage = await walk('dialog', {
      machine: dialogHostMachine.provide({ actors: { runAction: run.logic } }),
      events: (s) => samples.filter((e) => s.can(e as never)) as never,
      exec: {
        'xstate.done.actor.runAction': ({ event }: Step) => run.resolve(event.output),
        'xstate.error.actor.runAction': () => run.reject(new Error('boom')),
      } as never,
      check: (s) => expect(dialogHostView(s).loading).toBe(s.matches({ open: 'running' })),
      states: {
        closed: (s) => expect(s.context).toEqual({ dialog: null, replaced: false, error: null }),
        open: (s) => expect(s.context.dialog).not.toBeNull(),
        'open.idle': (s) => expect(s.context.replaced).toBe(false),
      },
    })
    expect(coverage.missingStates).toEqual([])
    expect(coverage.missingTransitions).toEqual([])
  })
})
