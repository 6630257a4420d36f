import { createFileRoute } from '@tanstack/react-router'
import { SignatureStandardsScreen } from '../../../features/identification/signature-standards-screen.tsx'
import { loadMessages } from '../../../i18n/i18n.ts'

export const Route = createFileRoute('/profile/signature-standards/')({
  loader: () => loadMessages('identification'),
  component: SignatureStandardsScreen,
})
