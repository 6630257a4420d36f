import { createFileRoute } from '@tanstack/react-router'
import { validateTokenSearch } from '../../features/auth/auth-search.ts'
import { SignupStepsScreen } from '../../features/auth/signup-steps-screen.tsx'

export const Route = createFileRoute('/signup/steps')({
  validateSearch: validateTokenSearch,
  component: SignupStepsScreen,
})
