import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../../machines/route-access/route-access.ts'
import { SettingsScreen } from '../../features/profile/settings-screen.tsx'
import { loadMessages } from '../../i18n/i18n.ts'

export const Route = createFileRoute('/profile/settings')({
  staticData: { access: access.user() },
  loader: () => loadMessages('profile'),
  component: SettingsScreen,
})
