import type { SnapshotFrom } from 'xstate'
import type { ActiveDialog, DialogError } from './dialog.types.ts'
import type { dialogHostMachine } from './dialog-host.machine.ts'

/** What the dialog host component renders. */
export interface DialogHostView {
  dialog: ActiveDialog | null
  loading: boolean
  error: DialogError | null
  /** The page body must not scroll while a dialog is open (SPEC §2). */
  lockScroll: boolean
}

/** Turns a dialog host snapshot into what the UI needs. */
export function dialogHostView(snapshot: SnapshotFrom<typeof dialogHostMachine>): DialogHostView {
  const { dialog, error } = snapshot.context
  return { dialog, loading: snapshot.hasTag('loading'), error, lockScroll: dialog !== null }
}
