import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { filterQuery, listAccountOf } from '../../machines/request-filters/filter-query.ts'
import { access } from '../../machines/route-access/route-access.ts'
import { getUserQueryOptions } from '../api/user.ts'
import { prepareDateFormat } from '../app/prepare-dates.ts'
import { dashboardSearchDefaults, dashboardSearchSchema } from '../features/documents/dashboard-search.ts'
import { RequestListScreen } from '../features/documents/request-list-screen.tsx'
import { getSignatureRequestsQueryOptions } from '../features/documents/signature-requests-query.ts'
import { loadMessages } from '../i18n/i18n.ts'

export const Route = createFileRoute('/dashboard')({
  staticData: { access: access.user() },
  // The list's first page loads with the screen's chunk and texts, so the screen shows it in its first paint; a
  // failed load is the screen's to explain. Typing a search changes the address but loads nothing here: the
  // screen asks once typing pauses.
  loaderDeps: ({ search }) => ({ filter: search.filter }),
  shouldReload: false,
  loader: async ({ context: { queryClient, api }, deps, location }) => {
    const user = queryClient.getQueryData(getUserQueryOptions(api).queryKey)
    const title = (location.search as { q?: string }).q?.trim() ?? ''
    const list = user
      ? queryClient
          .ensureInfiniteQueryData({
            ...getSignatureRequestsQueryOptions(api, filterQuery(deps.filter, listAccountOf(user)), title),
            revalidateIfStale: true,
          })
          .catch(() => {})
      : undefined
    prepareDateFormat()
    await Promise.all([list, loadMessages('documents')])
  },
  validateSearch: dashboardSearchSchema,
  // The defaults stay out of the address: /dashboard is the 'all' filter's first page.
  search: { middlewares: [stripSearchParams(dashboardSearchDefaults)] },
  component: RequestListScreen,
  // The loader comes in a chunk of its own, not in the app's entry that /login loads too; the page's HTML names it
  // (scripts/route-preloads.ts), so a visit that starts here does not wait for it.
  codeSplitGroupings: [['loader'], ['component'], ['errorComponent'], ['notFoundComponent']],
})
