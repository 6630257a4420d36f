import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../../machines/route-access/route-access.ts'
import { BulkSendScreen } from '../../features/templates/bulk-send-screen.tsx'
import { loadMessages } from '../../i18n/i18n.ts'

export const Route = createFileRoute('/templates/$id/bulk')({
  staticData: { access: access.user() },
  loader: () => loadMessages('templates'),
  component: BulkSend,
})

function BulkSend() {
  const { id } = Route.useParams()
  return <BulkSendScreen id={id} />
}
