import { createFileRoute } from '@tanstack/react-router'
import { ApiUsersScreen } from '../../../features/business/developers/api-users-screen.tsx'
import { loadMessages } from '../../../i18n/i18n.ts'

export const Route = createFileRoute('/business/developers/api')({
  loader: () => loadMessages('business'),
  component: ApiUsersScreen,
})
