import { createFileRoute } from '@tanstack/react-router'
import { CookiesBlockedScreen } from '../features/auth/cookies-blocked-screen.tsx'

export const Route = createFileRoute('/cookiesblocked')({
  component: CookiesBlockedScreen,
})
