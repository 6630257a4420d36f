import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../../../machines/route-access/route-access.ts'
import { ApiUsersScreen } from '../../../features/business/developers/api-users-screen.tsx'
import { loadMessages } from '../../../i18n/i18n.ts'

export const Route = createFileRoute('/business/developers/api')({
  staticData: { access: access.admin() },
  loader: () => loadMessages('business'),
  component: ApiUsersScreen,
})
