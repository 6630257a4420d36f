import { createFileRoute } from '@tanstack/react-router'
import { BusinessDashboardScreen } from '../../features/business/business-dashboard-screen.tsx'
import { loadMessages } from '../../i18n/i18n.ts'

export const Route = createFileRoute('/business/dashboard')({
  loader: () => loadMessages('business'),
  component: BusinessDashboardScreen,
})
