import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../machines/route-access/route-access.ts'
import { LoginScreen } from '../features/auth/login-screen.tsx'
import { validateLoginSearch } from '../features/auth/login-search.ts'

export const Route = createFileRoute('/login')({
  staticData: { access: access.public({ guestOnly: true }) },
  validateSearch: validateLoginSearch,
  component: LoginScreen,
})
