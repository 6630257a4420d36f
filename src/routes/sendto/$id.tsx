import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../../machines/route-access/route-access.ts'
import { SendtoScreen } from '../../features/documents/sendto-screen.tsx'
import { sendtoSearchSchema } from '../../features/documents/sendto-search.ts'
import { loadMessages } from '../../i18n/i18n.ts'

export const Route = createFileRoute('/sendto/$id')({
  staticData: { access: access.user() },
  validateSearch: sendtoSearchSchema,
  loader: () => loadMessages('documents'),
  component: SendtoRoute,
})

function SendtoRoute() {
  const { id } = Route.useParams()
  const { token } = Route.useSearch()
  return <SendtoScreen id={id} token={token} />
}
