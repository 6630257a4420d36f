import { createFileRoute } from '@tanstack/react-router'
import { validateEmailSearch } from '../../../../features/auth/auth-search.ts'
import { EidplusSignupScreen } from '../../../../features/auth/eidplus-signup-screen.tsx'

export const Route = createFileRoute('/signup/flows/eidplus/new')({
  validateSearch: validateEmailSearch,
  component: EidplusSignupScreen,
})
