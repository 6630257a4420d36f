import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../machines/route-access/route-access.ts'
import { CookiesBlockedScreen } from '../features/auth/cookies-blocked-screen.tsx'

export const Route = createFileRoute('/cookiesblocked')({
  staticData: { access: access.public() },
  component: CookiesBlockedScreen,
})
