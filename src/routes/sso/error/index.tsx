import { createFileRoute } from '@tanstack/react-router'
import { SsoErrorScreen } from '../../../features/auth/sso-error-screen.tsx'

export const Route = createFileRoute('/sso/error/')({
  component: () => <SsoErrorScreen reason="general" />,
})
