import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../../machines/route-access/route-access.ts'
import { ProfileScreen } from '../../features/profile/profile-screen.tsx'
import { loadMessages } from '../../i18n/i18n.ts'

export const Route = createFileRoute('/profile/')({
  staticData: { access: access.user() },
  loader: () => loadMessages('profile', 'business'),
  component: ProfileScreen,
})
