import { Trans } from '@lingui/react/macro'
import { Link, useRouteContext } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { selectToken } from '../../machines/session/session.selectors.ts'
import styles from '../ui/layouts/layout.module.css'

/** The signed-in user's way around: their requests, their profile, signing out. */
export function AccountNav() {
  const { session } = useRouteContext({ from: '__root__' })
  const signedIn = useSelector(session, (s) => selectToken(s) !== null)
  if (!signedIn) return null
  const link = { className: styles.navLink, activeProps: { 'aria-current': 'page' as const } }
  return (
    <>
      <Link to="/dashboard" {...link}>
        <Trans>Requests</Trans>
      </Link>
      <Link to="/profile" {...link}>
        <Trans>Profile</Trans>
      </Link>
      <Link to="/logout" className={styles.navLink}>
        <Trans>Sign out</Trans>
      </Link>
    </>
  )
}
