import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../../machines/route-access/route-access.ts'
import { SsoCallbackScreen } from '../../features/auth/sso-callback-screen.tsx'

export const Route = createFileRoute('/sso/callback')({
  staticData: { access: access.public({ layout: 'simple', title: 'route.sso_callback' }) },
  component: SsoCallbackScreen,
})
