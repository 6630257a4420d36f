import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../machines/route-access/route-access.ts'
import { NotAvailableScreen } from '../features/auth/not-available-screen.tsx'

export const Route = createFileRoute('/not-available')({
  staticData: { access: access.user('simple') },
  component: NotAvailableScreen,
})
