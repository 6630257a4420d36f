import type { ComponentType } from 'react'

/** What the host gives a dialog's content. */
export interface DialogContentProps<P = Record<string, unknown>> {
  /** The props the dialog was opened with. */
  props: P
  /** The action handler is running (SPEC §4): its button is busy, the dialog cannot be closed. */
  loading: boolean
  /** What the last failed action threw (an `ApiError`, say); null when it has not failed. */
  error: unknown
  /** Runs the dialog's action with a value (e.g. the password a form asked for). */
  submit: (value?: unknown) => void
  /** Closes the dialog without its action. */
  close: () => void
}

/** How the host renders one dialog. */
export interface DialogDefinition {
  component: ComponentType<DialogContentProps>
  /**
   * Escape, an outside click and the close button close it.
   * @default true
   */
  dismissible?: boolean
  /**
   * `alertdialog` for a dialog that asks for a decision before going on.
   * @default 'dialog'
   */
  role?: 'dialog' | 'alertdialog'
}

/** The dialogs the host can render, by name. */
export type DialogRegistry = Record<string, DialogDefinition>

/** Registers a dialog's content with the props it expects (the host passes them through as given). */
export function defineDialog<P>(
  component: ComponentType<DialogContentProps<P>>,
  options: Omit<DialogDefinition, 'component'> = {},
): DialogDefinition {
  return { ...options, component: component as ComponentType<DialogContentProps> }
}
