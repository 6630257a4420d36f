import { createFileRoute } from '@tanstack/react-router'
import { UpdateStandardsScreen } from '../../../features/identification/update-standards-screen.tsx'
import { loadMessages } from '../../../i18n/i18n.ts'

export const Route = createFileRoute('/profile/signature-standards/update')({
  loader: () => loadMessages('identification'),
  component: UpdateStandardsScreen,
})
