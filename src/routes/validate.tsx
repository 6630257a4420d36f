import { createFileRoute } from '@tanstack/react-router'
import { ValidateScreen } from '../features/validation/validate-screen.tsx'

export const Route = createFileRoute('/validate')({
  component: ValidateScreen,
})
