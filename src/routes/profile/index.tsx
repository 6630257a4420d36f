import { createFileRoute } from '@tanstack/react-router'
import { ProfileScreen } from '../../features/profile/profile-screen.tsx'
import { loadMessages } from '../../i18n/i18n.ts'

export const Route = createFileRoute('/profile/')({
  loader: () => loadMessages('profile', 'business'),
  component: ProfileScreen,
})
