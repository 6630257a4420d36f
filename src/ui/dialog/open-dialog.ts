import type { ActorRefFrom } from 'xstate'
import type { DialogActionHandler } from '../../../machines/dialog/dialog.types.ts'
import type { dialogHostMachine } from '../../../machines/dialog/dialog-host.machine.ts'

/** The running dialog host (SPEC §4), one per app. */
export type DialogHostActor = ActorRefFrom<typeof dialogHostMachine>

/** What a screen asks for when it opens a dialog (SPEC §3 active dialog, without the id the host makes). */
export interface DialogRequest {
  /** Which dialog of the registry to render, e.g. `deleteAccount`. */
  name: string
  /** `document`, `business`, `profile`, `visualSignature` or `general`. */
  namespace: string
  props?: Record<string, unknown>
  /** Runs on the dialog's primary action; without one, the action just closes the dialog. */
  action?: DialogActionHandler
  /** A question the user must answer wherever they go: leaving the page does not close it. */
  persistent?: boolean
}

// The machine keeps a stable error code only; the content shows the reason the handler gave (a wrong
// password, say), so the reason of a dialog's last failed action is kept here until it closes.
const failures = new Map<string, unknown>()
let opened = 0

/** What the last failed action of dialog `id` threw, while that dialog is open. */
export function dialogFailure(id: string): unknown {
  return failures.get(id)
}

/**
 * Opens a dialog on the host. Resolves once the dialog has gone: true when its action ran to the end,
 * false when it was closed without (or replaced by another dialog).
 */
export function openDialog(host: DialogHostActor, request: DialogRequest): Promise<boolean> {
  const id = `${request.name}-${++opened}`
  let acted = false
  let running = false
  let gone = false
  return new Promise((resolve) => {
    const finish = () => {
      if (!gone || running) return
      failures.delete(id)
      resolve(acted)
    }
    const action: DialogActionHandler = async (input) => {
      running = true
      failures.delete(id)
      try {
        await request.action?.(input)
        acted = true
      } catch (error) {
        failures.set(id, error)
        throw error
      } finally {
        running = false
        queueMicrotask(finish)
      }
    }
    host.send({
      type: 'dialog.open',
      dialog: {
        name: request.name,
        id,
        namespace: request.namespace,
        props: request.props ?? {},
        action,
        persistent: request.persistent,
      },
    })
    const subscription = host.subscribe((snapshot) => {
      if (snapshot.context.dialog?.id === id) return
      gone = true
      subscription.unsubscribe()
      finish()
    })
  })
}
