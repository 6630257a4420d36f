import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../../machines/route-access/route-access.ts'
import { BusinessSettingsScreen } from '../../features/business/business-settings-screen.tsx'
import { loadMessages } from '../../i18n/i18n.ts'

export const Route = createFileRoute('/business/settings')({
  staticData: { access: access.admin() },
  loader: () => loadMessages('business', 'documents'),
  component: BusinessSettingsScreen,
})
