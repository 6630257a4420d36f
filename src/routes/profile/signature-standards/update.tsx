import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '../../../features/planned/planned-screen.tsx'

export const Route = createFileRoute('/profile/signature-standards/update')({
  component: () => <PlannedScreen area="signatureStandards" />,
})
