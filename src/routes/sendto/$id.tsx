import { createFileRoute } from '@tanstack/react-router'
import { SendtoScreen } from '../../features/documents/sendto-screen.tsx'
import { sendtoSearchSchema } from '../../features/documents/sendto-search.ts'

export const Route = createFileRoute('/sendto/$id')({
  validateSearch: sendtoSearchSchema,
  component: SendtoRoute,
})

function SendtoRoute() {
  const { id } = Route.useParams()
  const { token } = Route.useSearch()
  return <SendtoScreen id={id} token={token} />
}
