import type { MessageDescriptor } from '@lingui/core'
import type { ActorRefFrom } from 'xstate'
import type { Snackbar } from '../../../machines/snackbar/snackbar.types.ts'
import type { snackbarQueueMachine } from '../../../machines/snackbar/snackbar-queue.machine.ts'

/** The running snackbar queue (SPEC §4), one per app. */
export type SnackbarQueueActor = ActorRefFrom<typeof snackbarQueueMachine>

/** A snackbar as a screen asks for it: messages as Lingui descriptors, the id made here. */
export interface SnackbarRequest extends Omit<Snackbar, 'id' | 'message' | 'action' | 'color'> {
  message: MessageDescriptor
  /** @default 'info' */
  color?: Snackbar['color']
  action?: { text: MessageDescriptor; handler: () => void }
}

let shown = 0

/** Queues a snackbar (the machine carries message ids; the host translates them) and answers its id. */
export function showSnackbar(queue: SnackbarQueueActor, request: SnackbarRequest): string {
  const id = `snackbar-${++shown}`
  const { message, action, color = 'info', ...rest } = request
  queue.send({
    type: 'snackbar.show',
    snackbar: {
      ...rest,
      id,
      color,
      message: message.id,
      action: action ? { text: action.text.id, handler: action.handler } : undefined,
    },
  })
  return id
}
