import { createFileRoute } from '@tanstack/react-router'
import { DirectViewScreen } from '../../../features/signing/direct-view-screen.tsx'
import { directViewSearchSchema } from '../../../features/signing/direct-view-search.ts'

export const Route = createFileRoute('/view/$id/$userid')({
  validateSearch: directViewSearchSchema,
  component: DirectViewRoute,
})

function DirectViewRoute() {
  const { id } = Route.useParams()
  return <DirectViewScreen requestId={id} search={Route.useSearch()} />
}
