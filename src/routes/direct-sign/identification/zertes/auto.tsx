import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '../../../../features/planned/planned-screen.tsx'

export const Route = createFileRoute('/direct-sign/identification/zertes/auto')({
  component: () => <PlannedScreen area="identification" />,
})
