import type { ActorRefFrom } from 'xstate'
import type { OverlayActionHandler } from '../../../machines/overlay/overlay.types.ts'
import type { overlayHostMachine } from '../../../machines/overlay/overlay-host.machine.ts'

/** The running overlay host (SPEC §4), one per app. */
export type OverlayHostActor = ActorRefFrom<typeof overlayHostMachine>

/** What a screen asks for when it opens an overlay (SPEC §3 active overlay, without the id the host makes). */
export interface OverlayRequest {
  /** Which overlay of the registry to render, e.g. `signingSuccess`. */
  name: string
  props?: Record<string, unknown>
  /** Runs on the overlay's action; only the result `complete` closes the overlay. */
  action: OverlayActionHandler
}

// As with dialogs: the machine keeps a stable code, the content shows the reason the handler gave.
const failures = new Map<string, unknown>()
let opened = 0

/** What the last failed action of overlay `id` threw, while that overlay is open. */
export function overlayFailure(id: string): unknown {
  return failures.get(id)
}

/** Opens a full-screen overlay on the host and answers its id. */
export function openOverlay(host: OverlayHostActor, request: OverlayRequest): string {
  const id = `${request.name}-${++opened}`
  host.send({
    type: 'overlay.open',
    overlay: {
      name: request.name,
      id,
      props: request.props ?? {},
      action: async (input) => {
        failures.delete(id)
        try {
          const result = await request.action(input)
          if (result === 'complete') failures.delete(id)
          return result
        } catch (error) {
          failures.set(id, error)
          throw error
        }
      },
    },
  })
  const subscription = host.subscribe((snapshot) => {
    if (snapshot.context.overlay?.id === id) return
    failures.delete(id)
    subscription.unsubscribe()
  })
  return id
}
