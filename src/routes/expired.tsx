import { createFileRoute } from '@tanstack/react-router'
import { validateRedirectSearch } from '../features/auth/auth-search.ts'
import { ExpiredScreen } from '../features/auth/expired-screen.tsx'

export const Route = createFileRoute('/expired')({
  validateSearch: validateRedirectSearch,
  component: ExpiredScreen,
})
