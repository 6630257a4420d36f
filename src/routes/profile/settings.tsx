import { createFileRoute } from '@tanstack/react-router'
import { SettingsScreen } from '../../features/profile/settings-screen.tsx'
import { loadMessages } from '../../i18n/i18n.ts'

export const Route = createFileRoute('/profile/settings')({
  loader: () => loadMessages('profile'),
  component: SettingsScreen,
})
