import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../../machines/route-access/route-access.ts'
import { TemplateEditorScreen } from '../../features/templates/template-editor-screen.tsx'
import { loadMessages } from '../../i18n/i18n.ts'

export const Route = createFileRoute('/templates/$id/edit')({
  staticData: { access: access.user() },
  loader: () => loadMessages('templates', 'documents'),
  component: EditTemplate,
})

function EditTemplate() {
  const { id } = Route.useParams()
  return <TemplateEditorScreen id={id} />
}
