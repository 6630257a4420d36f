import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../machines/route-access/route-access.ts'
import { ByeScreen } from '../features/auth/bye-screen.tsx'

export const Route = createFileRoute('/bye')({
  staticData: { access: access.public() },
  component: ByeScreen,
})
