import { createFileRoute, redirect } from '@tanstack/react-router'
import { access } from '../../../../machines/route-access/route-access.ts'

// SPEC §2: the members' activity is the activity's signatures tab (the route guard sends it there first).
export const Route = createFileRoute('/business/members/activity')({
  staticData: {
    access: access.admin({ redirectTo: { to: '/business/activity', search: { tab: 'signatures' } } }),
  },
  beforeLoad: () => {
    throw redirect({ to: '/business/activity', search: { tab: 'signatures' }, replace: true })
  },
})
