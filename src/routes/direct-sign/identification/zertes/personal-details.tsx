import { createFileRoute } from '@tanstack/react-router'
import { PersonalDetailsScreen } from '../../../../features/identification/personal-details-screen.tsx'
import { loadMessages } from '../../../../i18n/i18n.ts'

export const Route = createFileRoute('/direct-sign/identification/zertes/personal-details')({
  loader: () => loadMessages('identification'),
  component: PersonalDetailsScreen,
})
