import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../../machines/route-access/route-access.ts'
import { PasswordResetConfirmScreen } from '../../features/auth/password-reset-confirm-screen.tsx'

export const Route = createFileRoute('/password-reset/confirm')({
  staticData: { access: access.public() },
  component: PasswordResetConfirmScreen,
})
