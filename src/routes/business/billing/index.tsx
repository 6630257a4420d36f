import { createFileRoute } from '@tanstack/react-router'
import { BusinessBillingScreen } from '../../../features/business/business-billing-screen.tsx'
import { loadMessages } from '../../../i18n/i18n.ts'

export const Route = createFileRoute('/business/billing/')({
  loader: () => loadMessages('business'),
  component: BusinessBillingScreen,
})
