import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../../../machines/route-access/route-access.ts'
import { BusinessProfileScreen } from '../../../features/business/business-profile-screen.tsx'
import { loadMessages } from '../../../i18n/i18n.ts'

export const Route = createFileRoute('/business/profile/')({
  staticData: { access: access.admin() },
  loader: () => loadMessages('business'),
  component: BusinessProfileScreen,
})
