import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '../../../../features/planned/planned-screen.tsx'

export const Route = createFileRoute('/signup/flows/eidplus/new')({
  component: () => <PlannedScreen area="eidplus" />,
})
