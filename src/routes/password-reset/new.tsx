import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../../machines/route-access/route-access.ts'
import { validateTokenSearch } from '../../features/auth/auth-search.ts'
import { PasswordResetNewScreen } from '../../features/auth/password-reset-new-screen.tsx'

export const Route = createFileRoute('/password-reset/new')({
  staticData: { access: access.public() },
  validateSearch: validateTokenSearch,
  component: PasswordResetNewScreen,
})
