import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../../../machines/route-access/route-access.ts'
import { BusinessPlanScreen } from '../../../features/business/business-plan-screen.tsx'
import { loadMessages } from '../../../i18n/i18n.ts'

export const Route = createFileRoute('/business/billing/plan')({
  staticData: { access: access.admin() },
  loader: () => loadMessages('business'),
  component: BusinessPlanScreen,
})
