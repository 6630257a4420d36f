/** What a dialog's action handler receives: the dialog's props and the value its primary action submitted. */
interface DialogActionInput {
  props: Record<string, unknown>
  value: unknown
}

/** The action handler given with a dialog: resolves when done, rejects when it failed. */
export type DialogActionHandler = (input: DialogActionInput) => Promise<void>

/** Input of the host's invoked `runAction` actor: the handler given with the dialog, and what it is called with. */
export interface DialogRunActionInput extends DialogActionInput {
  handler: DialogActionHandler
}

/** The active dialog of SPEC §3 UI entities. */
export interface ActiveDialog {
  /** Which dialog to render, e.g. `withdraw` or `cancelSubscription`. */
  name: string
  /** Tells apart two openings of the same dialog. */
  id: string
  /** The domain the dialog belongs to: `document`, `business`, `profile`, `visualSignature`, `general`. */
  namespace: string
  props: Record<string, unknown>
  /** Runs on the dialog's primary action; without one, the action just closes the dialog. */
  action?: DialogActionHandler
  /** A question the user must answer wherever they go (the general terms): a route change does not close it. */
  persistent?: boolean
}

/** Stable error codes of the dialog host. */
export type DialogError = 'dialog.action_failed'

/** Context of the dialog host machine. */
export interface DialogHostContext {
  dialog: ActiveDialog | null
  /** Set when the running handler opened another dialog, which then stays open. */
  replaced: boolean
  error: DialogError | null
}

/** Events of the dialog host machine. */
export type DialogHostEvent =
  | { type: 'dialog.open'; dialog: ActiveDialog }
  | { type: 'dialog.action'; value?: unknown }
  | { type: 'dialog.close' }
  /** The router went to another page: a dialog belongs to the page it was opened on (SPEC §2). */
  | { type: 'route.leave' }
