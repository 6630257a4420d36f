import { Trans } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link, useRouteContext } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { selectToken } from '../../machines/session/session.selectors.ts'
import { getUserQueryOptions, memberBusiness } from '../api/user.ts'
import styles from '../ui/layouts/layout.module.css'

/**
 * The signed-in user's way around: their requests, their business (its pages for an admin, its name for a
 * member), their profile, signing out.
 */
export function AccountNav() {
  const { session, api } = useRouteContext({ from: '__root__' })
  const signedIn = useSelector(session, (s) => selectToken(s) !== null)
  const { data: user } = useQuery({ ...getUserQueryOptions(api), enabled: signedIn })
  if (!signedIn) return null
  const business = memberBusiness(user)
  const link = { className: styles.navLink, activeProps: { 'aria-current': 'page' as const } }
  return (
    <>
      <Link to="/dashboard" {...link}>
        <Trans>Requests</Trans>
      </Link>
      {business?.role === 'admin' ? (
        <Link to="/business/dashboard" {...link} className={`${styles.navLink} ${styles.truncate}`}>
          {business.name}
        </Link>
      ) : business ? (
        <span className={`${styles.businessName} ${styles.truncate}`}>{business.name}</span>
      ) : null}
      <Link to="/profile" {...link}>
        <Trans>Profile</Trans>
      </Link>
      <Link to="/logout" className={`${styles.navLink} ${styles.signOut}`}>
        {/* On a phone the door alone stands for the words, which stay for screen readers. */}
        <svg className={styles.navIcon} width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
          <path
            d="M10 4H5v16h5M14 8l4 4-4 4M18 12H9"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <span className={styles.navText}>
          <Trans>Sign out</Trans>
        </span>
      </Link>
    </>
  )
}
