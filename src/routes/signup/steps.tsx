import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../../machines/route-access/route-access.ts'
import { validateTokenSearch } from '../../features/auth/auth-search.ts'
import { SignupStepsScreen } from '../../features/auth/signup-steps-screen.tsx'

export const Route = createFileRoute('/signup/steps')({
  staticData: { access: access.public() },
  validateSearch: validateTokenSearch,
  component: SignupStepsScreen,
})
