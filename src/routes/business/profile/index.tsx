import { createFileRoute } from '@tanstack/react-router'
import { BusinessProfileScreen } from '../../../features/business/business-profile-screen.tsx'
import { loadMessages } from '../../../i18n/i18n.ts'

export const Route = createFileRoute('/business/profile/')({
  loader: () => loadMessages('business'),
  component: BusinessProfileScreen,
})
