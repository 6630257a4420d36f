import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../../machines/route-access/route-access.ts'
import { StartTemplateScreen } from '../../features/templates/start-template-screen.tsx'
import { loadMessages } from '../../i18n/i18n.ts'

export const Route = createFileRoute('/templates/$id/start')({
  staticData: { access: access.user() },
  loader: () => loadMessages('templates'),
  component: StartTemplate,
})

function StartTemplate() {
  const { id } = Route.useParams()
  return <StartTemplateScreen id={id} />
}
