import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../machines/route-access/route-access.ts'
import { validateRedirectSearch } from '../features/auth/auth-search.ts'
import { ExpiredScreen } from '../features/auth/expired-screen.tsx'

export const Route = createFileRoute('/expired')({
  staticData: { access: access.public() },
  validateSearch: validateRedirectSearch,
  component: ExpiredScreen,
})
