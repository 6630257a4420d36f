import { createFileRoute } from '@tanstack/react-router'
import { PasswordResetScreen } from '../../features/auth/password-reset-screen.tsx'

export const Route = createFileRoute('/password-reset/')({
  component: PasswordResetScreen,
})
