import { useCallback, useRef, useSyncExternalStore } from 'react'
import type { AnyActorRef, SnapshotFrom } from 'xstate'

/**
 * Subscribes a component to a running actor through a view function (a machine's selector module).
 * The view is recomputed only when the actor's snapshot changes, so React sees a stable value.
 */
export function useActorView<TActor extends AnyActorRef, TView>(
  actor: TActor,
  view: (snapshot: SnapshotFrom<TActor>) => TView,
): TView {
  const cache = useRef<{ snapshot: unknown; view: TView } | null>(null)
  const subscribe = useCallback(
    (onChange: () => void) => {
      const subscription = actor.subscribe(onChange)
      return () => subscription.unsubscribe()
    },
    [actor],
  )
  const read = useCallback(() => {
    const snapshot = actor.getSnapshot()
    const cached = cache.current
    if (cached !== null && cached.snapshot === snapshot) return cached.view
    const next = view(snapshot)
    cache.current = { snapshot, view: next }
    return next
  }, [actor, view])
  return useSyncExternalStore(subscribe, read, read)
}
