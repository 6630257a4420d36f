import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../../../machines/route-access/route-access.ts'
import { BusinessMembersScreen } from '../../../features/business/business-members-screen.tsx'
import { loadMessages } from '../../../i18n/i18n.ts'

export const Route = createFileRoute('/business/members/')({
  staticData: { access: access.admin() },
  loader: () => loadMessages('business'),
  component: BusinessMembersScreen,
})
