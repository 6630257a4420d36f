import { createFileRoute } from '@tanstack/react-router'
import { BusinessUpgradeScreen } from '../../features/business/business-plan-screen.tsx'
import { loadMessages } from '../../i18n/i18n.ts'

export const Route = createFileRoute('/business/upgrade')({
  loader: () => loadMessages('business'),
  component: BusinessUpgradeScreen,
})
