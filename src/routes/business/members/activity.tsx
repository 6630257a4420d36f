import { createFileRoute, redirect } from '@tanstack/react-router'
import { activitySearchSchema } from '../../../features/business/activity/activity-search.ts'

// SPEC §2: the members' activity is the activity's signatures tab; the range and page asked for come along.
export const Route = createFileRoute('/business/members/activity')({
  validateSearch: activitySearchSchema,
  beforeLoad: ({ search }) => {
    throw redirect({ to: '/business/activity', search: { ...search, tab: 'signatures' }, replace: true })
  },
})
