/** SPEC §9: a forced reload is not repeated within this time, so a broken deploy cannot loop. */
export const reloadGuardMs = 10_000

/** SPEC §8: the query parameter that marks a reload forced by a chunk load error. */
const forceReloadParam = 'forceReload'

const guardKey = 'reloadGuard'

/** Whether an error is a failed load of a lazily imported chunk (after a new deploy). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error)
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported|Failed to fetch module/i.test(
    message,
  )
}

/** Whether a reload may be forced now, given when the last forced one happened. */
function mayForceReload(now: number, lastReloadAt: number | undefined): boolean {
  return lastReloadAt === undefined || now - lastReloadAt >= reloadGuardMs
}

/**
 * Reloads the page with the force-reload parameter unless one was forced in the last 10 s.
 * Returns false when the guard stopped it (the caller shows the error page instead).
 */
export function forceReload(location: Location, storage: Storage, now = Date.now()): boolean {
  const last = Number(storage.getItem(guardKey)) || undefined
  if (!mayForceReload(now, last)) return false
  storage.setItem(guardKey, String(now))
  const url = new URL(location.href)
  url.searchParams.set(forceReloadParam, String(now))
  location.replace(url.href)
  return true
}
