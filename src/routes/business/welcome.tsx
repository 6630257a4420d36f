import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../../machines/route-access/route-access.ts'
import { BusinessWelcomeScreen } from '../../features/business/business-welcome-screen.tsx'
import { loadMessages } from '../../i18n/i18n.ts'

export const Route = createFileRoute('/business/welcome')({
  staticData: { access: access.admin() },
  loader: () => loadMessages('business'),
  component: BusinessWelcomeScreen,
})
