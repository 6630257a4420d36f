import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../machines/route-access/route-access.ts'
import { LogoutScreen } from '../features/auth/logout-screen.tsx'

export const Route = createFileRoute('/logout')({
  staticData: { access: access.user('none') },
  component: LogoutScreen,
})
