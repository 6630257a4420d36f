import type { ReactNode } from 'react'
import type { ActorRefFrom } from 'xstate'
import type { DialogActionResult } from '../../../machines/dialog/dialog.types.ts'
import type { dialogHostMachine } from '../../../machines/dialog/dialog-host.machine.ts'
import type { DialogDefinition } from './define-dialog.ts'

/** A running dialog host (SPEC §4). */
export type DialogHostActor = ActorRefFrom<typeof dialogHostMachine>

/** The app's two dialog hosts: full-screen overlays, and the dialogs that stack above them (SPEC §9). */
export interface DialogLayers {
  dialogs: DialogHostActor
  overlays: DialogHostActor
}

/** What a screen gives the dialog it opens: `P` its props, `V` what its content submits. */
export interface DialogRequest<P, V> {
  props: P
  /**
   * Runs when the content submits, with a loading flag; without one, submitting just closes the dialog.
   * An overlay's action closes it only by answering `complete`.
   */
  action?: (input: { props: P; value: V }) => Promise<void> | Promise<DialogActionResult>
  /** A question the user must answer wherever they go: leaving the page does not close it. */
  persistent?: boolean
  /** Submits this at once, as the content would: the signing overlay, whose action is the sign call. */
  submitted?: { value: V }
}

/** What the host needs of an open dialog: how it looks, and its content with the props it was opened with. */
interface OpenedDialog {
  definition: Pick<DialogDefinition<unknown, unknown>, 'name' | 'layer' | 'role' | 'load'>
  /** The content has loaded. */
  ready: () => boolean
  render: (host: { loading: boolean; failed: boolean; close: () => void }) => ReactNode
}

// The machine holds what every dialog has (name, id, close policy); the typed props, the content and
// the reason of the last failed action (a wrong password, say) stay here while the dialog is open.
const opened = new Map<string, OpenedDialog>()
let openings = 0

/** The open dialog `id`, as its opener gave it. */
export function openedDialog(id: string): OpenedDialog | undefined {
  return opened.get(id)
}

/**
 * Opens a dialog or overlay on its layer's host. Resolves once it has gone: true when its action ran to
 * the end, false when it was closed without (or replaced by another dialog).
 */
export function openDialog<P, V>(
  layers: DialogLayers,
  definition: DialogDefinition<P, V>,
  request: DialogRequest<NoInfer<P>, NoInfer<V>>,
): Promise<boolean> {
  const host = definition.layer === 'overlay' ? layers.overlays : layers.dialogs
  const id = `${definition.name}-${++openings}`
  const { props, action } = request
  let acted = false
  let running = false
  let gone = false
  let failure: unknown = null
  return new Promise((resolve) => {
    const finish = () => {
      if (!gone || running) return
      opened.delete(id)
      forget()
      resolve(acted)
    }
    const run = (value: V) => async () => {
      running = true
      failure = null
      try {
        const result = await action?.({ props, value })
        acted = true
        return typeof result === 'string' ? result : undefined
      } catch (error) {
        failure = error
        throw error
      } finally {
        running = false
        queueMicrotask(finish)
      }
    }
    const submit = (value: V) => host.send({ type: 'dialog.action', run: run(value) })
    const forget = definition.track(id, { props, submit })
    opened.set(id, {
      definition,
      ready: () => definition.content() !== undefined,
      render: ({ loading, failed, close }) => {
        const Content = definition.content()
        return Content ? (
          <Content
            props={props}
            loading={loading}
            error={failed ? (failure ?? 'dialog.action_failed') : null}
            submit={submit}
            close={close}
          />
        ) : null
      },
    })
    host.send({
      type: 'dialog.open',
      dialog: {
        name: definition.name,
        id,
        namespace: definition.namespace,
        close: {
          dismissible: definition.dismissible,
          persistent: request.persistent === true,
          untilComplete: definition.layer === 'overlay',
        },
      },
    })
    // The content loads alongside the host rather than after it; a failed load is tried again by the host.
    definition.load().catch(() => undefined)
    if (request.submitted) submit(request.submitted.value)
    const subscription = host.subscribe((snapshot) => {
      if (snapshot.context.dialog?.id === id) return
      gone = true
      subscription.unsubscribe()
      finish()
    })
  })
}
