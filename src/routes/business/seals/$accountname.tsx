import { createFileRoute } from '@tanstack/react-router'
import { BusinessSealScreen } from '../../../features/business/seals/business-seal-screen.tsx'
import { loadMessages } from '../../../i18n/i18n.ts'

export const Route = createFileRoute('/business/seals/$accountname')({
  loader: () => loadMessages('business'),
  component: BusinessSealScreen,
})
