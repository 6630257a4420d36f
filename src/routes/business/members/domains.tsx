import { createFileRoute } from '@tanstack/react-router'
import { BusinessDomainsScreen } from '../../../features/business/business-domains-screen.tsx'
import { loadMessages } from '../../../i18n/i18n.ts'

export const Route = createFileRoute('/business/members/domains')({
  loader: () => loadMessages('business'),
  component: BusinessDomainsScreen,
})
