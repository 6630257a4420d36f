import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../../machines/route-access/route-access.ts'
import { BusinessExtrasScreen } from '../../features/business/business-extras-screen.tsx'
import { loadMessages } from '../../i18n/i18n.ts'

export const Route = createFileRoute('/business/extras')({
  staticData: { access: access.admin() },
  loader: () => loadMessages('business'),
  component: BusinessExtrasScreen,
})
