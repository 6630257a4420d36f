import { createFileRoute } from '@tanstack/react-router'
import { SettingsScreen } from '../../features/profile/settings-screen.tsx'

export const Route = createFileRoute('/profile/settings')({
  component: SettingsScreen,
})
