import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { snackbarQueueMachine } from '../../../../machines/snackbar/snackbar-queue.machine.ts'
import { showSnackbar } from '../../../../src/ui/snackbar/show-snackbar.ts'

describe('showSnackbar', () => {
  it('queues the message ids of its descriptors, info by default, each with its own id', () => {
    const queue = createActor(snackbarQueueMachine).start()
    const handler = () => {}
    const first = showSnackbar(queue, { message: { id: 'saved' } })
    const second = showSnackbar(queue, {
      message: { id: 'failed' },
      color: 'error',
      indefinite: true,
      action: { text: { id: 'retry' }, handler },
    })
    expect(first).not.toBe(second)
    const { current, queue: waiting } = queue.getSnapshot().context
    expect(current).toMatchObject({ id: first, message: 'saved', color: 'info' })
    expect(waiting).toEqual([
      { id: second, message: 'failed', color: 'error', indefinite: true, action: { text: 'retry', handler } },
    ])
  })
})
