import { createFileRoute } from '@tanstack/react-router'
import { SsoCallbackScreen } from '../../features/auth/sso-callback-screen.tsx'

export const Route = createFileRoute('/sso/callback')({
  component: SsoCallbackScreen,
})
