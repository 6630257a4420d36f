import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../../../machines/route-access/route-access.ts'
import { SsoErrorScreen } from '../../../features/auth/sso-error-screen.tsx'

export const Route = createFileRoute('/sso/error/')({
  staticData: { access: access.public() },
  component: () => <SsoErrorScreen reason="general" />,
})
