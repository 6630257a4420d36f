import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../../machines/route-access/route-access.ts'
import { ChangePasswordScreen } from '../../features/profile/change-password-screen.tsx'
import { loadMessages } from '../../i18n/i18n.ts'

export const Route = createFileRoute('/profile/change-password')({
  staticData: { access: access.user() },
  loader: () => loadMessages('profile'),
  component: ChangePasswordScreen,
})
