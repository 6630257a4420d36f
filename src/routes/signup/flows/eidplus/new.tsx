import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../../../../machines/route-access/route-access.ts'
import { validateEmailSearch } from '../../../../features/auth/auth-search.ts'
import { EidplusSignupScreen } from '../../../../features/auth/eidplus-signup-screen.tsx'

export const Route = createFileRoute('/signup/flows/eidplus/new')({
  staticData: { access: access.public() },
  validateSearch: validateEmailSearch,
  component: EidplusSignupScreen,
})
