import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '../../../features/planned/planned-screen.tsx'

export const Route = createFileRoute('/business/seals/$accountname')({
  component: () => <PlannedScreen area="businessSeals" />,
})
