import { createFileRoute } from '@tanstack/react-router'
import { BusinessPlanScreen } from '../../../features/business/business-plan-screen.tsx'
import { loadMessages } from '../../../i18n/i18n.ts'

export const Route = createFileRoute('/business/billing/plan')({
  loader: () => loadMessages('business'),
  component: BusinessPlanScreen,
})
