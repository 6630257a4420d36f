import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { DIALOG_Z_INDEX } from '../../machines/dialog/dialog.constants.ts'
import type { ActiveDialog, DialogRunActionInput } from '../../machines/dialog/dialog.types.ts'
import { dialogHostMachine } from '../../machines/dialog/dialog-host.machine.ts'
import { dialogHostView } from '../../machines/dialog/dialog-host.selectors.ts'
import { controlledActor, flushMicrotasks } from './controlled-actor.ts'
import { walk } from './walk.ts'

const withdraw: ActiveDialog = {
  name: 'withdraw',
  id: 'd1',
  namespace: 'document',
  props: { signatureRequestId: 'sr1' },
  action: async () => {},
}
const terms: ActiveDialog = { name: 'termsOfUse', id: 'd2', namespace: 'document', props: {} }
const generalTerms: ActiveDialog = {
  name: 'acceptTerms',
  id: 'd3',
  namespace: 'general',
  props: {},
  action: async () => {},
  persistent: true,
}

describe('dialog host', () => {
  it('SPEC §9: dialog stacking is 2000', () => {
    expect(DIALOG_Z_INDEX).toBe(2000)
  })

  it('runs the handler with a loading flag, then closes', async () => {
    const calls: unknown[] = []
    let finish = () => {}
    const actor = createActor(dialogHostMachine).start()
    actor.send({
      type: 'dialog.open',
      dialog: {
        ...withdraw,
        action: (input) => {
          calls.push(input)
          return new Promise<void>((resolve) => {
            finish = resolve
          })
        },
      },
    })
    expect(dialogHostView(actor.getSnapshot())).toMatchObject({ loading: false, lockScroll: true })
    actor.send({ type: 'dialog.action', value: 'no longer needed' })
    expect(dialogHostView(actor.getSnapshot()).loading).toBe(true)
    actor.send({ type: 'dialog.close' })
    expect(actor.getSnapshot().matches({ open: 'running' })).toBe(true)
    expect(calls).toEqual([{ props: { signatureRequestId: 'sr1' }, value: 'no longer needed' }])
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

  it('stays open on the dialog the handler opened', async () => {
    const actor = createActor(dialogHostMachine).start()
    actor.send({
      type: 'dialog.open',
      dialog: {
        ...withdraw,
        action: async () => {
          actor.send({ type: 'dialog.open', dialog: terms })
        },
      },
    })
    actor.send({ type: 'dialog.action' })
    await flushMicrotasks()
    const view = dialogHostView(actor.getSnapshot())
    expect(view.dialog?.name).toBe('termsOfUse')
    expect(view.loading).toBe(false)
    actor.stop()
  })

  it('clears loading and stays open with an error code when the handler fails', async () => {
    const actor = createActor(dialogHostMachine).start()
    actor.send({
      type: 'dialog.open',
      dialog: { ...withdraw, action: () => Promise.reject(new Error('boom')) },
    })
    actor.send({ type: 'dialog.action' })
    await flushMicrotasks()
    expect(dialogHostView(actor.getSnapshot())).toMatchObject({
      loading: false,
      error: 'dialog.action_failed',
    })
    expect(actor.getSnapshot().context.dialog?.name).toBe('withdraw')
    actor.stop()
  })

  it('closes on leaving the page, even while its action runs, but a persistent dialog stays', async () => {
    let finish = () => {}
    const actor = createActor(dialogHostMachine).start()
    const running = {
      ...withdraw,
      action: () =>
        new Promise<void>((resolve) => {
          finish = resolve
        }),
    }
    actor.send({ type: 'dialog.open', dialog: running })
    actor.send({ type: 'dialog.action' })
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
    const run = controlledActor<void, DialogRunActionInput>()
    const samples = [
      { type: 'dialog.open', dialog: withdraw },
      { type: 'dialog.open', dialog: terms },
      { type: 'dialog.action', value: 'reason' },
      { type: 'dialog.close' },
      { type: 'dialog.open', dialog: generalTerms },
      { type: 'route.leave' },
      { type: 'xstate.done.actor.runAction' },
      { type: 'xstate.error.actor.runAction', error: new Error('boom') },
    ]
    const coverage = await walk('dialog', {
      machine: dialogHostMachine.provide({ actors: { runAction: run.logic } }),
      events: (s) => samples.filter((e) => s.can(e as never)) as never,
      exec: {
        'xstate.done.actor.runAction': () => run.resolve(),
        'xstate.error.actor.runAction': () => run.reject(new Error('boom')),
      } as never,
      check: (s) => expect(dialogHostView(s).loading).toBe(s.matches({ open: 'running' })),
      states: {
        closed: (s) => expect(s.context).toEqual({ dialog: null, replaced: false, error: null }),
        open: (s) => expect(s.context.dialog).not.toBeNull(),
        'open.running': (s) =>
          expect(s.context.dialog?.action !== undefined || s.context.replaced).toBe(true),
        'open.idle': (s) => expect(s.context.replaced).toBe(false),
      },
    })
    expect(coverage.missingStates).toEqual([])
    expect(coverage.missingTransitions).toEqual([])
  })
})
