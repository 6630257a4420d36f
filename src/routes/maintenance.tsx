import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../machines/route-access/route-access.ts'
import { MaintenanceScreen } from '../features/maintenance/maintenance-screen.tsx'

export const Route = createFileRoute('/maintenance')({
  staticData: { access: access.openToAll('simple') },
  component: MaintenanceScreen,
})
