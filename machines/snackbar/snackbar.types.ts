/** An optional button on a snackbar. */
interface SnackbarAction {
  /** Message id of the button text. */
  text: string
  handler: () => void
}

/** A snackbar of SPEC §3 UI entities. */
export interface Snackbar {
  id: string
  /** Message id, translated at the edge of the UI. */
  message: string
  /** Values for the message's placeholders. */
  values?: Record<string, string | number>
  color: 'info' | 'success' | 'warning' | 'error'
  /**
   * How long it stays, in milliseconds.
   * @default 3000
   */
  duration?: number
  /**
   * Stays until closed; the duration does not apply.
   * @default false
   */
  indefinite?: boolean
  /**
   * The user may close it (close button, swipe).
   * @default true
   */
  dismissible?: boolean
  action?: SnackbarAction
}

/** Context of the snackbar queue machine. */
export interface SnackbarQueueContext {
  /** The snackbar on screen. */
  current: Snackbar | null
  /** Snackbars waiting, in the order they were shown. */
  queue: Snackbar[]
}

/** Events of the snackbar queue machine. */
export type SnackbarQueueEvent =
  | { type: 'snackbar.show'; snackbar: Snackbar }
  /** The user closed the snackbar on screen; ignored unless it is dismissible. */
  | { type: 'snackbar.close' }
  /** The app withdraws a snackbar, on screen or waiting, whether dismissible or not. */
  | { type: 'snackbar.remove'; id: string }
  /** Raised by the machine itself when the snackbar on screen leaves; the next one in the queue shows. */
  | { type: 'snackbar.advance' }
