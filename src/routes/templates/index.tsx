import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../../machines/route-access/route-access.ts'
import { TemplatesScreen } from '../../features/templates/templates-screen.tsx'
import { loadMessages } from '../../i18n/i18n.ts'

export const Route = createFileRoute('/templates/')({
  staticData: { access: access.user() },
  loader: () => loadMessages('templates'),
  component: TemplatesScreen,
})
