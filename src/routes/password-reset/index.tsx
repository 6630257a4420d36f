import { createFileRoute } from '@tanstack/react-router'
import { validateEmailSearch } from '../../features/auth/auth-search.ts'
import { PasswordResetScreen } from '../../features/auth/password-reset-screen.tsx'

export const Route = createFileRoute('/password-reset/')({
  validateSearch: validateEmailSearch,
  component: PasswordResetScreen,
})
