/** What an overlay's action handler receives: the overlay's props and the value its action submitted. */
interface OverlayActionInput {
  props: Record<string, unknown>
  value: unknown
}

/** The result of an overlay's action; only `complete` closes the overlay. */
export type OverlayActionResult = 'complete' | 'continue'

/** The action handler given with an overlay; a rejection is a failed action. */
export type OverlayActionHandler = (input: OverlayActionInput) => Promise<OverlayActionResult>

/** Input of the host's invoked `runAction` actor: the overlay's handler, and what it is called with. */
export interface OverlayRunActionInput extends OverlayActionInput {
  handler: OverlayActionHandler
}

/** The active overlay of SPEC §3 UI entities (overlays have no namespace). */
export interface ActiveOverlay {
  /** Which overlay to render, e.g. `signingSuccess` or `tanLocked`. */
  name: string
  /** Tells apart two openings of the same overlay. */
  id: string
  props: Record<string, unknown>
  action: OverlayActionHandler
}

/** Stable error codes of the overlay host. */
export type OverlayError = 'overlay.action_failed'

/** Context of the overlay host machine. */
export interface OverlayHostContext {
  overlay: ActiveOverlay | null
  /** Set when the running handler opened another overlay, which then stays open. */
  replaced: boolean
  error: OverlayError | null
}

/** Events of the overlay host machine. */
export type OverlayHostEvent =
  | { type: 'overlay.open'; overlay: ActiveOverlay }
  | { type: 'overlay.action'; value?: unknown }
  /** A click on the scrim: overlays cannot be dismissed that way, so no state handles it (SPEC §4). */
  | { type: 'overlay.outsideClick' }
  /** The router went to another page: an overlay belongs to the page it was opened on (SPEC §2). */
  | { type: 'route.leave' }
