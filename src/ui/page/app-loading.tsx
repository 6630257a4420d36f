import { Trans } from '@lingui/react/macro'
import styles from './page.module.css'

/**
 * What a page shows while the app still learns who is signed in (the session's user, on a slow line): a note that
 * it is loading, instead of an empty window.
 */
export function AppLoading() {
  return (
    <p role="status" className={styles.status}>
      <Trans>Loading…</Trans>
    </p>
  )
}
