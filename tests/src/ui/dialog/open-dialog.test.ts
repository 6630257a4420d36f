import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { dialogHostMachine } from '../../../../machines/dialog/dialog-host.machine.ts'
import { defineDialog } from '../../../../src/ui/dialog/define-dialog.ts'
import { type DialogLayers, openDialog } from '../../../../src/ui/dialog/open-dialog.tsx'
import { settled } from '../../../machines/controlled-actor.ts'

const startLayers = (): DialogLayers => ({
  dialogs: createActor(dialogHostMachine).start(),
  overlays: createActor(dialogHostMachine).start(),
})
const noContent = async () => () => null

const deleteAccount = defineDialog<{ a: number }, string>()({
  name: 'deleteAccount',
  namespace: 'profile',
  load: noContent,
})
const leavePage = defineDialog()({
  name: 'leavePage',
  namespace: 'general',
  role: 'alertdialog',
  load: noContent,
})
const acceptTerms = defineDialog()({ name: 'acceptTerms', dismissible: false, load: noContent })
const signingSuccess = defineDialog<{ n: number }, 'close'>()({
  name: 'signingSuccess',
  layer: 'overlay',
  load: noContent,
})

const activeId = (layers: DialogLayers, layer: keyof DialogLayers = 'dialogs') =>
  layers[layer].getSnapshot().context.dialog?.id ?? ''

describe('openDialog', () => {
  it('opens the dialog with a fresh id and its close policy, and resolves true once its action ran', async () => {
    const layers = startLayers()
    const seen: unknown[] = []
    const done = openDialog(layers, deleteAccount, {
      props: { a: 1 },
      action: async ({ value, props }) => {
        seen.push(value, props)
      },
    })
    const dialog = layers.dialogs.getSnapshot().context.dialog
    expect(dialog).toMatchObject({
      name: 'deleteAccount',
      namespace: 'profile',
      close: { dismissible: true, persistent: false, untilComplete: false },
    })
    expect(dialog?.id).toMatch(/^deleteAccount-\d+$/)
    const opening = deleteAccount.opening(activeId(layers))
    expect(opening?.props).toEqual({ a: 1 })
    opening?.submit('secret')
    await expect(done).resolves.toBe(true)
    expect(seen).toEqual(['secret', { a: 1 }])
    expect(layers.dialogs.getSnapshot().value).toBe('closed')
    expect(deleteAccount.opening(dialog?.id ?? '')).toBeUndefined()
  })

  it('resolves false when the dialog is closed without its action', async () => {
    const layers = startLayers()
    const done = openDialog(layers, leavePage, { props: undefined })
    layers.dialogs.send({ type: 'dialog.close' })
    await expect(done).resolves.toBe(false)
  })

  it('a dialog without an action closes when its content submits, and counts as acted', async () => {
    const layers = startLayers()
    const done = openDialog(layers, leavePage, { props: undefined })
    leavePage.opening(activeId(layers))?.submit()
    await expect(done).resolves.toBe(true)
  })

  it('a dialog that is not dismissible, or asked to persist, says so in its close policy', () => {
    const layers = startLayers()
    void openDialog(layers, acceptTerms, { props: undefined, persistent: true })
    expect(layers.dialogs.getSnapshot().context.dialog?.close).toEqual({
      dismissible: false,
      persistent: true,
      untilComplete: false,
    })
  })

  it('keeps what a failed action threw while the dialog stays open', async () => {
    const layers = startLayers()
    const failure = new Error('wrong password')
    const done = openDialog(layers, deleteAccount, {
      props: { a: 1 },
      action: async () => {
        throw failure
      },
    })
    await settled(layers.dialogs, () => deleteAccount.opening(activeId(layers))?.submit('bad'))
    expect(layers.dialogs.getSnapshot().context.error).toBe('dialog.action_failed')
    layers.dialogs.send({ type: 'dialog.close' })
    await expect(done).resolves.toBe(false)
  })

  it('an action that opens another dialog leaves that one open and resolves after the action', async () => {
    const layers = startLayers()
    let second: Promise<boolean> | undefined
    const first = openDialog(layers, leavePage, {
      props: undefined,
      action: async () => {
        second = openDialog(layers, deleteAccount, { props: { a: 2 } })
      },
    })
    leavePage.opening(activeId(layers))?.submit()
    await expect(first).resolves.toBe(true)
    expect(layers.dialogs.getSnapshot().context.dialog?.name).toBe('deleteAccount')
    layers.dialogs.send({ type: 'dialog.close' })
    await expect(second).resolves.toBe(false)
  })

  it('opening a dialog over an idle one resolves the first as not acted', async () => {
    const layers = startLayers()
    const first = openDialog(layers, leavePage, { props: undefined })
    void openDialog(layers, deleteAccount, { props: { a: 3 } })
    await expect(first).resolves.toBe(false)
  })

  it('opens an overlay on the overlay layer, under the dialogs, which stays until its action answers complete', async () => {
    const layers = startLayers()
    const results = ['continue', 'complete'] as const
    let calls = 0
    const done = openDialog(layers, signingSuccess, {
      props: { n: 1 },
      action: async () => results[calls++] ?? 'complete',
    })
    void openDialog(layers, leavePage, { props: undefined })
    expect(layers.overlays.getSnapshot().context.dialog).toMatchObject({
      name: 'signingSuccess',
      namespace: null,
      close: { dismissible: false, persistent: false, untilComplete: true },
    })
    expect(layers.dialogs.getSnapshot().context.dialog?.name).toBe('leavePage')
    const opening = signingSuccess.opening(activeId(layers, 'overlays'))
    await settled(layers.overlays, () => opening?.submit('close'))
    expect(layers.overlays.getSnapshot().context.dialog?.name).toBe('signingSuccess')
    layers.overlays.send({ type: 'dialog.close' })
    expect(layers.overlays.getSnapshot().context.dialog?.name).toBe('signingSuccess')
    opening?.submit('close')
    await expect(done).resolves.toBe(true)
    expect(layers.overlays.getSnapshot().value).toBe('closed')
  })

  it('runs an action at once when asked to, as if its content had submitted', async () => {
    const layers = startLayers()
    const seen: string[] = []
    await settled(layers.overlays, () => {
      void openDialog(layers, signingSuccess, {
        props: { n: 2 },
        action: async ({ value }) => {
          seen.push(value)
          return 'continue'
        },
        submitted: { value: 'close' },
      })
      expect(layers.overlays.getSnapshot().matches({ open: 'running' })).toBe(true)
    })
    expect(seen).toEqual(['close'])
  })
})
