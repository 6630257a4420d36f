import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '../../../features/planned/planned-screen.tsx'

export const Route = createFileRoute('/direct-sign/identification/id-austria-success')({
  component: () => <PlannedScreen area="identification" />,
})
