import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../machines/route-access/route-access.ts'
import { ValidateScreen } from '../features/validation/validate-screen.tsx'
import { loadMessages } from '../i18n/i18n.ts'

export const Route = createFileRoute('/validate')({
  staticData: { access: access.openToAll('simple', { title: 'route.validate' }) },
  loader: () => loadMessages('validation'),
  component: ValidateScreen,
})
