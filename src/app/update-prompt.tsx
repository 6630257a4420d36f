import { Trans } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { Button } from '../ui/button/button.tsx'
import styles from './update-prompt.module.css'

/** How often the latest-build manifest is checked (SPEC §7 leaves the interval open). */
export const buildCheckIntervalMs = 5 * 60_000

async function latestBuildId(): Promise<string | undefined> {
  const response = await fetch('/build.json', { cache: 'no-store' })
  if (!response.ok) return undefined
  const body = (await response.json()) as { buildId?: unknown }
  return typeof body.buildId === 'string' ? body.buildId : undefined
}

/** SPEC §7: polls the latest-build manifest and offers a reload to a user on an old build. */
export function UpdatePrompt() {
  const [outdated, setOutdated] = useState(false)
  useEffect(() => {
    if (import.meta.env.DEV) return
    const check = () =>
      latestBuildId()
        .then((id) => setOutdated(id !== undefined && id !== __BUILD_ID__))
        .catch(() => undefined)
    const onVisible = () => document.visibilityState === 'visible' && check()
    const timer = setInterval(check, buildCheckIntervalMs)
    document.addEventListener('visibilitychange', onVisible)
    return () => {
      clearInterval(timer)
      document.removeEventListener('visibilitychange', onVisible)
    }
  }, [])
  if (!outdated) return null
  return (
    <div className={styles.prompt} role="status">
      <span>
        <Trans>A new version of the app is available.</Trans>
      </span>
      <Button size="sm" variant="secondary" onClick={() => window.location.reload()}>
        <Trans>Reload</Trans>
      </Button>
    </div>
  )
}
