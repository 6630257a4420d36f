import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { access } from '../../../machines/route-access/route-access.ts'
import { ObservedRequestScreen } from '../../features/documents/observed-request-screen.tsx'
import { loadMessages } from '../../i18n/i18n.ts'

export const Route = createFileRoute('/observe/$id')({
  staticData: { access: access.openToAll('simple') },
  validateSearch: v.object({ token: v.optional(v.string(), '') }),
  loader: () => loadMessages('documents'),
  component: ObserveRoute,
})

function ObserveRoute() {
  const { id } = Route.useParams()
  return <ObservedRequestScreen requestId={id} token={Route.useSearch().token} />
}
