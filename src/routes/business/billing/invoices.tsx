import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../../../machines/route-access/route-access.ts'
import { BusinessInvoicesScreen } from '../../../features/business/business-invoices-screen.tsx'
import { loadMessages } from '../../../i18n/i18n.ts'

export const Route = createFileRoute('/business/billing/invoices')({
  staticData: { access: access.admin() },
  loader: () => loadMessages('business'),
  component: BusinessInvoicesScreen,
})
