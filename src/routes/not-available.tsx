import { createFileRoute } from '@tanstack/react-router'
import { NotAvailableScreen } from '../features/auth/not-available-screen.tsx'

export const Route = createFileRoute('/not-available')({
  component: NotAvailableScreen,
})
