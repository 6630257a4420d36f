import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../../machines/route-access/route-access.ts'
import { SecurityScreen } from '../../features/profile/security-screen.tsx'
import { loadMessages } from '../../i18n/i18n.ts'

export const Route = createFileRoute('/profile/security')({
  staticData: { access: access.user() },
  loader: () => loadMessages('profile'),
  component: SecurityScreen,
})
