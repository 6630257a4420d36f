import { createFileRoute } from '@tanstack/react-router'
import { BusinessMembersScreen } from '../../../features/business/business-members-screen.tsx'
import { loadMessages } from '../../../i18n/i18n.ts'

export const Route = createFileRoute('/business/members/')({
  loader: () => loadMessages('business'),
  component: BusinessMembersScreen,
})
