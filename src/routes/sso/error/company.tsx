import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../../../machines/route-access/route-access.ts'
import { SsoErrorScreen } from '../../../features/auth/sso-error-screen.tsx'
import { loadMessages } from '../../../i18n/i18n.ts'

export const Route = createFileRoute('/sso/error/company')({
  staticData: { access: access.public({ title: 'route.sso_error' }) },
  loader: () => loadMessages('sso'),
  component: () => <SsoErrorScreen reason="company" />,
})
