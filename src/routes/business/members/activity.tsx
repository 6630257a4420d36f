import { createFileRoute, redirect } from '@tanstack/react-router'

// SPEC §2: the members' activity is the activity's signatures tab (the route guard sends it there first).
export const Route = createFileRoute('/business/members/activity')({
  beforeLoad: () => {
    throw redirect({ to: '/business/activity', search: { tab: 'signatures' }, replace: true })
  },
})
