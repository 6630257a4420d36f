import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../../machines/route-access/route-access.ts'
import { ActivityScreen } from '../../features/business/activity/activity-screen.tsx'
import { activitySearchSchema } from '../../features/business/activity/activity-search.ts'
import { loadMessages } from '../../i18n/i18n.ts'

export const Route = createFileRoute('/business/activity')({
  staticData: { access: access.admin() },
  validateSearch: activitySearchSchema,
  loader: () => loadMessages('business'),
  component: ActivityScreen,
})
