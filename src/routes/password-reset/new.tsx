import { createFileRoute } from '@tanstack/react-router'
import { validateTokenSearch } from '../../features/auth/auth-search.ts'
import { PasswordResetNewScreen } from '../../features/auth/password-reset-new-screen.tsx'

export const Route = createFileRoute('/password-reset/new')({
  validateSearch: validateTokenSearch,
  component: PasswordResetNewScreen,
})
