import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../../machines/route-access/route-access.ts'
import { SignupSsoScreen } from '../../features/auth/signup-sso-screen.tsx'
import { loadMessages } from '../../i18n/i18n.ts'

export const Route = createFileRoute('/signup/sso')({
  staticData: { access: access.user('simple') },
  loader: () => loadMessages('sso'),
  component: SignupSsoScreen,
})
