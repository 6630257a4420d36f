import { createFileRoute } from '@tanstack/react-router'
import { BusinessWelcomeScreen } from '../../features/business/business-welcome-screen.tsx'
import { loadMessages } from '../../i18n/i18n.ts'

export const Route = createFileRoute('/business/welcome')({
  loader: () => loadMessages('business'),
  component: BusinessWelcomeScreen,
})
