import { createFileRoute } from '@tanstack/react-router'
import { ChangePasswordScreen } from '../../features/profile/change-password-screen.tsx'
import { loadMessages } from '../../i18n/i18n.ts'

export const Route = createFileRoute('/profile/change-password')({
  loader: () => loadMessages('profile'),
  component: ChangePasswordScreen,
})
