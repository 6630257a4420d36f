import { createFileRoute, notFound } from '@tanstack/react-router'
import * as v from 'valibot'
import { access } from '../../machines/route-access/route-access.ts'
import { StatechartsScreen } from '../features/statecharts/statecharts-screen.tsx'
import { loadMessages } from '../i18n/i18n.ts'
import { NotFoundPage } from '../ui/page/not-found-page.tsx'

export const Route = createFileRoute('/statecharts')({
  staticData: { access: access.development() },
  validateSearch: v.object({ machine: v.optional(v.string()) }),
  // A designers' tool: production has no such page.
  beforeLoad: ({ context }) => {
    if (context.appConfig.mode === 'production') throw notFound()
  },
  loaderDeps: ({ search }) => ({ machine: search.machine }),
  loader: async ({ deps }) => {
    await loadMessages('statecharts')
    if (deps.machine === undefined) return
    // Imported here so the catalog (every machine) stays out of the first screen's bundle.
    const { findStatechart } = await import('../features/statecharts/find-statechart.ts')
    if (!findStatechart(deps.machine)) throw notFound()
  },
  component: StatechartsRoute,
  // Caught here rather than at the root, so the match is marked not found and the title follows.
  notFoundComponent: NotFoundPage,
  // A development page's loader comes with its screen, not in the entry every visitor loads.
  codeSplitGroupings: [['loader'], ['component'], ['errorComponent'], ['notFoundComponent']],
})

function StatechartsRoute() {
  const { machine } = Route.useSearch()
  return <StatechartsScreen machineId={machine} />
}
