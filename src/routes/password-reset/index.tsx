import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../../machines/route-access/route-access.ts'
import { validateEmailSearch } from '../../features/auth/auth-search.ts'
import { PasswordResetScreen } from '../../features/auth/password-reset-screen.tsx'

export const Route = createFileRoute('/password-reset/')({
  staticData: { access: access.public({ guestOnly: true }) },
  validateSearch: validateEmailSearch,
  component: PasswordResetScreen,
})
