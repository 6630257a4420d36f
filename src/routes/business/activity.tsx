import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../../machines/route-access/route-access.ts'
import { activityQueryOptions } from '../../api/activity.ts'
import { getUserQueryOptions } from '../../api/user.ts'
import { activityListQuery } from '../../features/business/activity/activity-lists.tsx'
import { ActivityScreen } from '../../features/business/activity/activity-screen.tsx'
import { activitySearchSchema } from '../../features/business/activity/activity-search.ts'
import { loadMessages } from '../../i18n/i18n.ts'

export const Route = createFileRoute('/business/activity')({
  staticData: { access: access.admin() },
  validateSearch: activitySearchSchema,
  loaderDeps: ({ search }) => search,
  // The open tab's list comes with the page, so the statistics under it do not move down when it answers; a
  // list the server refuses shows its error on the page.
  loader: async ({ context, deps }) => {
    const user = await context.queryClient.ensureQueryData(getUserQueryOptions(context.api))
    const businessId = user.business?.id
    await Promise.all([
      loadMessages('business'),
      businessId === undefined
        ? undefined
        : context.queryClient.prefetchQuery(
            activityQueryOptions(context.api, businessId, deps.tab, activityListQuery(deps.tab, deps)),
          ),
    ])
  },
  component: ActivityScreen,
  // The loader and what it loads come in a chunk of their own, not in the app's entry that /login loads too.
  codeSplitGroupings: [['loader'], ['component'], ['errorComponent'], ['notFoundComponent']],
})
