import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../../machines/route-access/route-access.ts'
import { BusinessRegisterScreen } from '../../features/business/business-register-screen.tsx'
import { loadMessages } from '../../i18n/i18n.ts'

export const Route = createFileRoute('/business/register')({
  staticData: { access: access.user('simple', { strict: true }) },
  loader: () => loadMessages('business'),
  component: () => <BusinessRegisterScreen />,
})
