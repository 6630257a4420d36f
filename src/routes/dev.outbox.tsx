import { createFileRoute, notFound } from '@tanstack/react-router'
import * as v from 'valibot'
import { access } from '../../machines/route-access/route-access.ts'
import { DevOutboxScreen } from '../features/dev-outbox/dev-outbox-screen.tsx'
import { getOutboxQueryOptions } from '../features/dev-outbox/use-outbox.ts'
import { getOutboxMailQueryOptions } from '../features/dev-outbox/use-outbox-mail.ts'
import { loadMessages } from '../i18n/i18n.ts'
import { NotFoundPage } from '../ui/page/not-found-page.tsx'

export const Route = createFileRoute('/dev/outbox')({
  staticData: { access: access.development() },
  validateSearch: v.object({ mail: v.optional(v.string()) }),
  // Mail goes to the outbox only outside production; there the page does not exist.
  beforeLoad: ({ context }) => {
    if (context.appConfig.mode === 'production') throw notFound()
  },
  loaderDeps: ({ search }) => ({ mail: search.mail }),
  // Prefetched rather than ensured: a failure is not the route's error, the screen shows its own states.
  loader: async ({ context, deps }) => {
    await Promise.all([
      loadMessages('dev-outbox'),
      context.queryClient.prefetchQuery(getOutboxQueryOptions(context.api)),
      deps.mail === undefined
        ? undefined
        : context.queryClient.prefetchQuery(getOutboxMailQueryOptions(context.api, deps.mail)),
    ])
  },
  component: DevOutboxRoute,
  notFoundComponent: NotFoundPage,
  // A development page's loader comes with its screen, not in the entry every visitor loads.
  codeSplitGroupings: [['loader'], ['component'], ['errorComponent'], ['notFoundComponent']],
})

function DevOutboxRoute() {
  const { mail } = Route.useSearch()
  return <DevOutboxScreen mailId={mail} />
}
