import { createFileRoute } from '@tanstack/react-router'
import { BusinessSealsScreen } from '../../../features/business/seals/business-seals-screen.tsx'
import { loadMessages } from '../../../i18n/i18n.ts'

export const Route = createFileRoute('/business/seals/')({
  loader: () => loadMessages('business'),
  component: BusinessSealsScreen,
})
