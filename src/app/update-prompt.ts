import { msg } from '@lingui/core/macro'
import { type SnackbarQueueActor, showSnackbar } from '../ui/snackbar/show-snackbar.ts'

/** How often the latest-build manifest is checked (SPEC §7 leaves the interval open). */
const buildCheckIntervalMs = 5 * 60_000

async function latestBuildId(): Promise<string | undefined> {
  const response = await fetch('/build.json', { cache: 'no-store' })
  if (!response.ok) return undefined
  const body = (await response.json()) as { buildId?: unknown }
  return typeof body.buildId === 'string' ? body.buildId : undefined
}

/**
 * SPEC §7: polls the latest-build manifest; a user on an old build gets a snackbar offering a
 * reload, once. Returns the function that stops polling.
 */
export function watchForNewBuild(snackbars: SnackbarQueueActor, currentBuildId: string): () => void {
  let offered = false
  const check = async () => {
    if (offered) return
    const latest = await latestBuildId().catch(() => undefined)
    if (latest === undefined || latest === currentBuildId) return
    offered = true
    showSnackbar(snackbars, {
      message: msg`A new version of the app is available.`,
      indefinite: true,
      action: { text: msg`Reload`, handler: () => window.location.reload() },
    })
  }
  const onVisible = () => document.visibilityState === 'visible' && void check()
  const timer = setInterval(check, buildCheckIntervalMs)
  document.addEventListener('visibilitychange', onVisible)
  return () => {
    clearInterval(timer)
    document.removeEventListener('visibilitychange', onVisible)
  }
}
