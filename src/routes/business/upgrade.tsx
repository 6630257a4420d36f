import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../../machines/route-access/route-access.ts'
import { BusinessUpgradeScreen } from '../../features/business/business-plan-screen.tsx'
import { loadMessages } from '../../i18n/i18n.ts'

export const Route = createFileRoute('/business/upgrade')({
  staticData: { access: access.adminOrUser() },
  loader: () => loadMessages('business'),
  component: BusinessUpgradeScreen,
})
