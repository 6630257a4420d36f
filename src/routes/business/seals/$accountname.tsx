import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../../../machines/route-access/route-access.ts'
import { BusinessSealScreen } from '../../../features/business/seals/business-seal-screen.tsx'
import { loadMessages } from '../../../i18n/i18n.ts'

export const Route = createFileRoute('/business/seals/$accountname')({
  staticData: { access: access.admin() },
  loader: () => loadMessages('business'),
  component: BusinessSealScreen,
})
