import type { SnapshotFrom } from 'xstate'
import type { fieldPlacementMachine } from './field-placement.machine.ts'

type Snapshot = SnapshotFrom<typeof fieldPlacementMachine>

/** The signer whose field the next click on a page places, if the sender is choosing. */
export const selectPlacingFor = (s: Snapshot) => (s.matches('choosing') ? s.context.placingFor : undefined)

/** The latest change being stored, waiting or failed: shown in place of the stored fields until it settles. */
export const selectPendingChange = (s: Snapshot) =>
  s.matches('saving') || s.matches('failed') ? (s.context.queued ?? s.context.change) : undefined

/** Why the last change could not be stored, while it is shown. */
export const selectFieldError = (s: Snapshot) => (s.matches('failed') ? s.context.error : undefined)
