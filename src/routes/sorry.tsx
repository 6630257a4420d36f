import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../machines/route-access/route-access.ts'
import { SorryScreen } from '../features/system/sorry-screen.tsx'

export const Route = createFileRoute('/sorry')({
  staticData: { access: access.openToAll('simple') },
  component: SorryScreen,
})
