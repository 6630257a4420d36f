import { createFileRoute } from '@tanstack/react-router'
import { ValidateScreen } from '../features/validation/validate-screen.tsx'
import { loadMessages } from '../i18n/i18n.ts'

export const Route = createFileRoute('/validate')({
  loader: () => loadMessages('validation'),
  component: ValidateScreen,
})
