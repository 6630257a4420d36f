import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '../../../../features/planned/planned-screen.tsx'

export const Route = createFileRoute('/direct-sign/identification/eidas/self')({
  component: () => <PlannedScreen area="identification" />,
})
