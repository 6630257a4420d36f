import { createFileRoute } from '@tanstack/react-router'
import { validateTokenSearch } from '../../../../features/auth/auth-search.ts'
import { SignupConfirmScreen } from '../../../../features/auth/signup-confirm-screen.tsx'

export const Route = createFileRoute('/signup/flows/eidplus/confirm')({
  validateSearch: validateTokenSearch,
  component: () => <SignupConfirmScreen kind="eidplus" />,
})
