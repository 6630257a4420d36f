/** What an action answers; an overlay closes only on `complete` (SPEC §4), a dialog once its action is done. */
export type DialogActionResult = 'complete' | 'continue'

/** A dialog's action bound to what its content submitted: resolves when done, rejects when it failed. */
export type DialogAction = () => Promise<DialogActionResult | undefined>

/** How the active dialog may close other than by its action running to the end. */
interface DialogClosePolicy {
  /** Escape, an outside click and the close button close it; an overlay is never dismissed that way. */
  dismissible: boolean
  /** A question the user must answer wherever they go (the general terms): leaving the page leaves it open. */
  persistent: boolean
  /** Its action closes it only when it answers `complete` (an overlay); otherwise once the action is done. */
  untilComplete: boolean
}

/** The active dialog or overlay of SPEC §3 UI entities; its props and action stay with whoever opened it. */
export interface ActiveDialog {
  /** Which dialog to render, e.g. `withdraw` or `signingSuccess`. */
  name: string
  /** Tells apart two openings of the same dialog. */
  id: string
  /** The domain of a dialog: `document`, `business`, `profile`, `visualSignature`, `general`; null for overlays. */
  namespace: string | null
  close: DialogClosePolicy
}

/** Stable error codes of the dialog host. */
export type DialogError = 'dialog.action_failed'

/** Context of the dialog host machine. */
export interface DialogHostContext {
  dialog: ActiveDialog | null
  /** Set when the running action opened another dialog, which then stays open. */
  replaced: boolean
  error: DialogError | null
}

/** Events of the dialog host machine. */
export type DialogHostEvent =
  | { type: 'dialog.open'; dialog: ActiveDialog }
  /** The content submitted: runs its action (bound to what was submitted) with the loading flag. */
  | { type: 'dialog.action'; run: DialogAction }
  /** Escape, an outside click or the close button: the close policy decides. */
  | { type: 'dialog.close' }
  /**
   * The dialog's own way out (its Cancel, signing out of the general terms): closes it whatever the policy,
   * though not while its action runs.
   */
  | { type: 'dialog.dismiss' }
  /** The router went to another page: a dialog belongs to the page it was opened on (SPEC §2). */
  | { type: 'route.leave' }
