import type { SnapshotFrom } from 'xstate'
import type { ActiveOverlay, OverlayError } from './overlay.types.ts'
import type { overlayHostMachine } from './overlay-host.machine.ts'

/** What the overlay host component renders. */
export interface OverlayHostView {
  overlay: ActiveOverlay | null
  loading: boolean
  error: OverlayError | null
}

/** Turns an overlay host snapshot into what the UI needs. */
export function overlayHostView(snapshot: SnapshotFrom<typeof overlayHostMachine>): OverlayHostView {
  const { overlay, error } = snapshot.context
  return { overlay, loading: snapshot.hasTag('loading'), error }
}
