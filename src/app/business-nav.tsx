import { Trans } from '@lingui/react/macro'
import { Link, useRouterState } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'

/**
 * The admin layout's sections of the business (SPEC §2 admin routes built so far). On a phone they are a row
 * that scrolls sideways: the current section is scrolled into it, so a page opened at Settings shows Settings.
 */
export function BusinessNav() {
  const first = useRef<HTMLAnchorElement>(null)
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new page brings its own section into the row
  useEffect(() => {
    const row = first.current?.parentElement
    const current = row?.querySelector('[aria-current="page"]')
    if (!row || !current) return
    // Sideways only, to the middle of the row: the page itself stays where it is.
    const link = current.getBoundingClientRect()
    const box = row.getBoundingClientRect()
    row.scrollLeft += link.left - box.left - (box.width - link.width) / 2
  }, [pathname])
  return (
    <>
      <Link to="/business/dashboard" ref={first}>
        <Trans>Overview</Trans>
      </Link>
      <Link to="/business/activity">
        <Trans>Activity</Trans>
      </Link>
      <Link to="/business/members" activeOptions={{ exact: true }}>
        <Trans>Members</Trans>
      </Link>
      <Link to="/business/members/domains">
        <Trans>Domains</Trans>
      </Link>
      <Link to="/business/billing">
        <Trans>Billing</Trans>
      </Link>
      <Link to="/business/seals">
        <Trans>Seals</Trans>
      </Link>
      <Link to="/business/developers/api">
        <Trans>API users</Trans>
      </Link>
      <Link to="/business/settings">
        <Trans>Settings</Trans>
      </Link>
      <Link to="/business/profile" activeOptions={{ exact: true }}>
        <Trans>Business profile</Trans>
      </Link>
    </>
  )
}
