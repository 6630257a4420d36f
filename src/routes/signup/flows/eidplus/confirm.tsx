import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../../../../machines/route-access/route-access.ts'
import { validateTokenSearch } from '../../../../features/auth/auth-search.ts'
import { SignupConfirmScreen } from '../../../../features/auth/signup-confirm-screen.tsx'

export const Route = createFileRoute('/signup/flows/eidplus/confirm')({
  staticData: { access: access.public() },
  validateSearch: validateTokenSearch,
  component: () => <SignupConfirmScreen kind="eidplus" />,
})
