import { createFileRoute } from '@tanstack/react-router'
import { BusinessRegisterScreen } from '../../features/business/business-register-screen.tsx'
import { loadMessages } from '../../i18n/i18n.ts'

export const Route = createFileRoute('/business/register')({
  loader: () => loadMessages('business'),
  component: () => <BusinessRegisterScreen />,
})
