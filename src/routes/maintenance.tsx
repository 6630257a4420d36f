import { createFileRoute } from '@tanstack/react-router'
import { MaintenanceScreen } from '../features/system/maintenance-screen.tsx'

export const Route = createFileRoute('/maintenance')({
  component: MaintenanceScreen,
})
