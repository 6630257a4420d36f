import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../../../machines/route-access/route-access.ts'
import { BusinessDomainsScreen } from '../../../features/business/business-domains-screen.tsx'
import { loadMessages } from '../../../i18n/i18n.ts'

export const Route = createFileRoute('/business/members/domains')({
  staticData: { access: access.admin() },
  loader: () => loadMessages('business'),
  component: BusinessDomainsScreen,
})
