import { createFileRoute } from '@tanstack/react-router'
import { BusinessInvoicesScreen } from '../../../features/business/business-invoices-screen.tsx'
import { loadMessages } from '../../../i18n/i18n.ts'

export const Route = createFileRoute('/business/billing/invoices')({
  loader: () => loadMessages('business'),
  component: BusinessInvoicesScreen,
})
