import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../../../machines/route-access/route-access.ts'
import { BusinessBillingScreen } from '../../../features/business/business-billing-screen.tsx'
import { loadMessages } from '../../../i18n/i18n.ts'

export const Route = createFileRoute('/business/billing/')({
  staticData: { access: access.admin() },
  loader: () => loadMessages('business'),
  component: BusinessBillingScreen,
})
