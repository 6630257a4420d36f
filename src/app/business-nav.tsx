import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'

/** The admin layout's sections of the business (SPEC §2 admin routes built so far). */
export function BusinessNav() {
  return (
    <>
      <Link to="/business/dashboard">
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
