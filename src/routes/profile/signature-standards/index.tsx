import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../../../machines/route-access/route-access.ts'
import { SignatureStandardsScreen } from '../../../features/identification/signature-standards-screen.tsx'
import { loadMessages } from '../../../i18n/i18n.ts'

export const Route = createFileRoute('/profile/signature-standards/')({
  staticData: { access: access.user() },
  loader: () => loadMessages('identification'),
  component: SignatureStandardsScreen,
})
