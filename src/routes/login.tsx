import { createFileRoute } from '@tanstack/react-router'
import { LoginScreen } from '../features/auth/login-screen.tsx'
import { validateLoginSearch } from '../features/auth/login-search.ts'

export const Route = createFileRoute('/login')({
  validateSearch: validateLoginSearch,
  component: LoginScreen,
})
