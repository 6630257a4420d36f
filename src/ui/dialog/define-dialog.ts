import type { ComponentType } from 'react'

/** What the host gives a dialog's content: `P` the props it was opened with, `V` what it submits. */
export interface DialogContentProps<P = void, V = void> {
  /** The props the dialog was opened with. */
  props: P
  /** The action is running (SPEC §4): its button is busy, the dialog cannot be closed. */
  loading: boolean
  /** What the last failed action threw (an `ApiError`, say); null when it has not failed. */
  error: unknown
  /** Runs the dialog's action with what the content asked for (e.g. the password a form asked for). */
  submit: (value: V) => void
  /** Closes the dialog without its action, when its close policy allows it. */
  close: () => void
}

/** The domain a dialog belongs to (SPEC §2). */
type DialogNamespace = 'document' | 'business' | 'profile' | 'visualSignature' | 'general'

type DialogContent<P, V> = ComponentType<DialogContentProps<P, V>>

/** How a dialog is declared: everything but its content is known before the content loads. */
interface DialogOptions<P, V> {
  /** The name the host marks it with (`data-dialog` / `data-overlay`), e.g. `withdraw`. */
  name: string
  /**
   * `overlay`: full screen over a white scrim, closed only by its action answering `complete` (SPEC §4).
   * @default 'dialog'
   */
  layer?: 'dialog' | 'overlay'
  /** The domain of a dialog; overlays have none. */
  namespace?: DialogNamespace
  /**
   * Escape, an outside click and the close button close it (never an overlay).
   * @default true
   */
  dismissible?: boolean
  /**
   * `alertdialog` for a dialog that asks for a decision before going on.
   * @default 'dialog'
   */
  role?: 'dialog' | 'alertdialog'
  /** Imports its content, so that it loads with the first opening, not with the screen that opens it. */
  load: () => Promise<DialogContent<P, V>>
}

/** One opening of a dialog, while it is open: the props it was opened with and how its content submits. */
export interface DialogOpening<P, V> {
  props: P
  submit: (value: V) => void
}

/** A dialog or overlay that screens open with `openDialog`, typed by its props `P` and submitted value `V`. */
export interface DialogDefinition<P, V> {
  name: string
  layer: 'dialog' | 'overlay'
  namespace: DialogNamespace | null
  dismissible: boolean
  role: 'dialog' | 'alertdialog'
  /** Loads the content (once); the host shows the dialog when it has. */
  load: () => Promise<void>
  /** The content, once loaded. */
  content: () => DialogContent<P, V> | undefined
  /** Its opening `id` (the host's id of the active dialog), while it is open. */
  opening: (id: string) => DialogOpening<P, V> | undefined
  /** Keeps an opening until the returned function forgets it (`openDialog`). */
  track: (id: string, opening: DialogOpening<P, V>) => () => void
}

/**
 * Declares a dialog with the props it is opened with and the value its content submits:
 * `defineDialog<WithdrawProps, WithdrawValue>()({ name: 'withdraw', load: ... })`. The content `load`
 * answers must take exactly these, and `openDialog` hands them to the action typed.
 */
export function defineDialog<P = void, V = void>() {
  return (options: DialogOptions<P, V>): DialogDefinition<P, V> => {
    const layer = options.layer ?? 'dialog'
    let content: DialogContent<P, V> | undefined
    let loading: Promise<void> | undefined
    const openings = new Map<string, DialogOpening<P, V>>()
    return {
      name: options.name,
      layer,
      namespace: options.namespace ?? null,
      dismissible: layer === 'dialog' && options.dismissible !== false,
      role: options.role ?? 'dialog',
      load: () => {
        loading ??= options.load().then(
          (loaded) => {
            content = loaded
          },
          (error: unknown) => {
            // A failed import (the network, say) is tried again at the next opening.
            loading = undefined
            throw error
          },
        )
        return loading
      },
      content: () => content,
      opening: (id) => openings.get(id),
      track: (id, opening) => {
        openings.set(id, opening)
        return () => openings.delete(id)
      },
    }
  }
}
