import { createFileRoute } from '@tanstack/react-router'
import { BusinessPaymentScreen } from '../../../features/business/business-payment-screen.tsx'
import { loadMessages } from '../../../i18n/i18n.ts'

export const Route = createFileRoute('/business/billing/payment')({
  loader: () => loadMessages('business'),
  component: BusinessPaymentScreen,
})
