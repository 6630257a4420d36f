import { createFileRoute } from '@tanstack/react-router'
import { SsoErrorScreen } from '../../../features/auth/sso-error-screen.tsx'

export const Route = createFileRoute('/sso/error/company')({
  component: () => <SsoErrorScreen reason="company" />,
})
