import { createActor } from 'xstate'
import { dialogHostMachine } from '../../machines/dialog/dialog-host.machine.ts'
import { snackbarQueueMachine } from '../../machines/snackbar/snackbar-queue.machine.ts'
import { inspect } from '../lib/inspect.ts'
import type { DialogLayers } from '../ui/dialog/open-dialog.tsx'
import type { SnackbarQueueActor } from '../ui/snackbar/show-snackbar.ts'

/**
 * The app's dialog hosts (one machine, one per layer: overlays, and the dialogs above them) and its
 * snackbar queue (SPEC §4), carried in the router context.
 */
export interface UiActors extends DialogLayers {
  snackbars: SnackbarQueueActor
}

/** Starts the actors that the hosts in the root layout render. */
export function startUiActors(): UiActors {
  return {
    dialogs: createActor(dialogHostMachine, { inspect }).start(),
    overlays: createActor(dialogHostMachine, { inspect }).start(),
    snackbars: createActor(snackbarQueueMachine, { inspect }).start(),
  }
}
