import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../../../../machines/route-access/route-access.ts'
import { PersonalDetailsScreen } from '../../../../features/identification/personal-details-screen.tsx'
import { loadMessages } from '../../../../i18n/i18n.ts'

export const Route = createFileRoute('/direct-sign/identification/zertes/personal-details')({
  staticData: { access: access.nas() },
  loader: () => loadMessages('identification'),
  component: PersonalDetailsScreen,
})
