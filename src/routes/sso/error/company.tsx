import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../../../machines/route-access/route-access.ts'
import { SsoErrorScreen } from '../../../features/auth/sso-error-screen.tsx'

export const Route = createFileRoute('/sso/error/company')({
  staticData: { access: access.public({ title: 'route.sso_error' }) },
  component: () => <SsoErrorScreen reason="company" />,
})
