import type { SnapshotFrom } from 'xstate'
import type { fieldPlacementMachine } from './field-placement.machine.ts'

type Snapshot = SnapshotFrom<typeof fieldPlacementMachine>

/** The signer whose field the next click on a page places, if the sender is choosing. */
export const selectPlacingFor = (s: Snapshot) => (s.matches('choosing') ? s.context.placingFor : undefined)

/**
 * What the next click on a page places, while the sender is choosing: the kind of field, and for initials
 * whether they are asked on every page.
 */
export const selectPlacingKind = (s: Snapshot) =>
  s.matches({ choosing: 'formField' })
    ? { kind: s.context.kind, everyPage: s.context.everyPage }
    : { kind: 'signature' as const, everyPage: false }

/** The latest change being stored, waiting or failed: shown in place of the stored fields until it settles. */
export const selectPendingChange = (s: Snapshot) =>
  s.matches('saving') || s.matches('failed') ? (s.context.queued ?? s.context.change) : undefined

/** Why the last change could not be stored, while it is shown. */
export const selectFieldError = (s: Snapshot) => (s.matches('failed') ? s.context.error : undefined)
