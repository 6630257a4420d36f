import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../../machines/route-access/route-access.ts'
import { validateSignupSearch } from '../../features/auth/auth-search.ts'
import { SignupStepsScreen } from '../../features/auth/signup-steps-screen.tsx'

export const Route = createFileRoute('/signup/steps')({
  staticData: { access: access.public() },
  validateSearch: validateSignupSearch,
  component: SignupStepsScreen,
})
