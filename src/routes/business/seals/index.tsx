import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../../../machines/route-access/route-access.ts'
import { BusinessSealsScreen } from '../../../features/business/seals/business-seals-screen.tsx'
import { loadMessages } from '../../../i18n/i18n.ts'

export const Route = createFileRoute('/business/seals/')({
  staticData: { access: access.admin() },
  loader: () => loadMessages('business'),
  component: BusinessSealsScreen,
})
