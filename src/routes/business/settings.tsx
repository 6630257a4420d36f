import { createFileRoute } from '@tanstack/react-router'
import { BusinessSettingsScreen } from '../../features/business/business-settings-screen.tsx'
import { loadMessages } from '../../i18n/i18n.ts'

export const Route = createFileRoute('/business/settings')({
  loader: () => loadMessages('business'),
  component: BusinessSettingsScreen,
})
