import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../../machines/route-access/route-access.ts'
import { validateSignupSearch } from '../../features/auth/auth-search.ts'
import { SignupConfirmScreen } from '../../features/auth/signup-confirm-screen.tsx'

export const Route = createFileRoute('/signup/confirm')({
  staticData: { access: access.public() },
  validateSearch: validateSignupSearch,
  component: SignupConfirmScreen,
})
