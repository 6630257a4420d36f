import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../../machines/route-access/route-access.ts'
import { BusinessDashboardScreen } from '../../features/business/business-dashboard-screen.tsx'
import { loadMessages } from '../../i18n/i18n.ts'

export const Route = createFileRoute('/business/dashboard')({
  staticData: { access: access.admin() },
  loader: () => loadMessages('business'),
  component: BusinessDashboardScreen,
})
