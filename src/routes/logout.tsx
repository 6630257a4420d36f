import { createFileRoute } from '@tanstack/react-router'
import { LogoutScreen } from '../features/auth/logout-screen.tsx'

export const Route = createFileRoute('/logout')({
  component: LogoutScreen,
})
