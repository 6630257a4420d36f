import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../machines/route-access/route-access.ts'

// SPEC §2: / is the dashboard's other address; the root guard forwards it.
export const Route = createFileRoute('/')({
  staticData: { access: access.user('main', { redirectTo: { to: '/dashboard' } }) },
})
