import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../../../machines/route-access/route-access.ts'
import { BusinessPaymentScreen } from '../../../features/business/business-payment-screen.tsx'
import { loadMessages } from '../../../i18n/i18n.ts'

export const Route = createFileRoute('/business/billing/payment')({
  staticData: { access: access.admin() },
  loader: () => loadMessages('business'),
  component: BusinessPaymentScreen,
})
