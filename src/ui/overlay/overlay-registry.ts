import type { ComponentType } from 'react'

/** What the host gives an overlay's content. */
export interface OverlayContentProps<P = Record<string, unknown>> {
  /** The props the overlay was opened with. */
  props: P
  /** The action handler is running (SPEC §4). */
  loading: boolean
  /** What the last failed action threw; null when it has not failed. */
  error: unknown
  /** Runs the overlay's action with a value; the overlay closes only when it answers `complete`. */
  submit: (value?: unknown) => void
}

/** The overlays the host can render, by name. */
export type OverlayRegistry = Record<string, ComponentType<OverlayContentProps>>

/** Registers an overlay's content with the props it expects (the host passes them through as given). */
export function defineOverlay<P>(
  component: ComponentType<OverlayContentProps<P>>,
): ComponentType<OverlayContentProps> {
  return component as ComponentType<OverlayContentProps>
}
