import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../../../machines/route-access/route-access.ts'
import { UpdateStandardsScreen } from '../../../features/identification/update-standards-screen.tsx'
import { loadMessages } from '../../../i18n/i18n.ts'

export const Route = createFileRoute('/profile/signature-standards/update')({
  staticData: { access: access.user('simple') },
  loader: () => loadMessages('identification'),
  component: UpdateStandardsScreen,
})
