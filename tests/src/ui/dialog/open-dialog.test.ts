import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { dialogHostMachine } from '../../../../machines/dialog/dialog-host.machine.ts'
import { dialogFailure, openDialog } from '../../../../src/ui/dialog/open-dialog.ts'
import { settled } from '../../../machines/controlled-actor.ts'

const startHost = () => createActor(dialogHostMachine).start()

describe('openDialog', () => {
  it('opens the dialog with a fresh id and resolves true once its action ran', async () => {
    const host = startHost()
    const seen: unknown[] = []
    const done = openDialog(host, {
      name: 'deleteAccount',
      namespace: 'profile',
      props: { a: 1 },
      action: async ({ value, props }) => {
        seen.push(value, props)
      },
    })
    const dialog = host.getSnapshot().context.dialog
    expect(dialog).toMatchObject({ name: 'deleteAccount', namespace: 'profile', props: { a: 1 } })
    expect(dialog?.id).toMatch(/^deleteAccount-\d+$/)
    host.send({ type: 'dialog.action', value: 'secret' })
    await expect(done).resolves.toBe(true)
    expect(seen).toEqual(['secret', { a: 1 }])
    expect(host.getSnapshot().value).toBe('closed')
  })

  it('resolves false when the dialog is closed without its action', async () => {
    const host = startHost()
    const done = openDialog(host, { name: 'leavePage', namespace: 'general' })
    host.send({ type: 'dialog.close' })
    await expect(done).resolves.toBe(false)
  })

  it('a dialog without a handler closes on its action and counts as acted', async () => {
    const host = startHost()
    const done = openDialog(host, { name: 'leavePage', namespace: 'general' })
    host.send({ type: 'dialog.action' })
    await expect(done).resolves.toBe(true)
  })

  it('keeps what a failed action threw while the dialog stays open, and forgets it on close', async () => {
    const host = startHost()
    const failure = new Error('wrong password')
    const done = openDialog(host, {
      name: 'deleteAccount',
      namespace: 'profile',
      action: async () => {
        throw failure
      },
    })
    const id = host.getSnapshot().context.dialog?.id ?? ''
    await settled(host, () => host.send({ type: 'dialog.action', value: 'bad' }))
    expect(host.getSnapshot().context.error).toBe('dialog.action_failed')
    expect(dialogFailure(id)).toBe(failure)
    host.send({ type: 'dialog.close' })
    await expect(done).resolves.toBe(false)
    expect(dialogFailure(id)).toBeUndefined()
  })

  it('a handler that opens another dialog leaves that one open and resolves after the handler', async () => {
    const host = startHost()
    let second: Promise<boolean> | undefined
    const first = openDialog(host, {
      name: 'first',
      namespace: 'general',
      action: async () => {
        second = openDialog(host, { name: 'second', namespace: 'general' })
      },
    })
    host.send({ type: 'dialog.action' })
    await expect(first).resolves.toBe(true)
    expect(host.getSnapshot().context.dialog?.name).toBe('second')
    host.send({ type: 'dialog.close' })
    await expect(second).resolves.toBe(false)
  })

  it('opening a dialog over an idle one resolves the first as not acted', async () => {
    const host = startHost()
    const first = openDialog(host, { name: 'first', namespace: 'general' })
    openDialog(host, { name: 'second', namespace: 'general' })
    await expect(first).resolves.toBe(false)
  })
})
