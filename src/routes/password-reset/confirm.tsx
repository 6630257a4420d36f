import { createFileRoute } from '@tanstack/react-router'
import { PasswordResetConfirmScreen } from '../../features/auth/password-reset-confirm-screen.tsx'

export const Route = createFileRoute('/password-reset/confirm')({
  component: PasswordResetConfirmScreen,
})
