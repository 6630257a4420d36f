import { createFileRoute } from '@tanstack/react-router'
import { BusinessExtrasScreen } from '../../features/business/business-extras-screen.tsx'
import { loadMessages } from '../../i18n/i18n.ts'

export const Route = createFileRoute('/business/extras')({
  loader: () => loadMessages('business'),
  component: BusinessExtrasScreen,
})
