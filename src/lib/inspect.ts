import type { InspectionEvent, Observer } from 'xstate'

/**
 * In development, with `?inspect` in the address, every actor of the app reports to Stately's inspector, which
 * opens in a window of its own: designers watch any flow live (issue 38). Elsewhere nothing; a build leaves the
 * inspector out.
 */
export const inspect: Observer<InspectionEvent> | undefined =
  import.meta.env.DEV && new URLSearchParams(globalThis.location?.search).has('inspect')
    ? (await import('@statelyai/inspect')).createBrowserInspector().inspect
    : undefined
