import { createActor } from 'xstate'
import { dialogHostMachine } from '../../machines/dialog/dialog-host.machine.ts'
import { overlayHostMachine } from '../../machines/overlay/overlay-host.machine.ts'
import { snackbarQueueMachine } from '../../machines/snackbar/snackbar-queue.machine.ts'
import type { DialogHostActor } from '../ui/dialog/open-dialog.ts'
import type { OverlayHostActor } from '../ui/overlay/open-overlay.ts'
import type { SnackbarQueueActor } from '../ui/snackbar/show-snackbar.ts'

/** The app's one dialog host, overlay host and snackbar queue (SPEC §4), carried in the router context. */
export interface UiActors {
  dialogs: DialogHostActor
  overlays: OverlayHostActor
  snackbars: SnackbarQueueActor
}

/** Starts the three actors that the hosts in the root layout render. */
export function startUiActors(): UiActors {
  return {
    dialogs: createActor(dialogHostMachine).start(),
    overlays: createActor(overlayHostMachine).start(),
    snackbars: createActor(snackbarQueueMachine).start(),
  }
}
