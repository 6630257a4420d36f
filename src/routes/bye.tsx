import { createFileRoute } from '@tanstack/react-router'
import { ByeScreen } from '../features/auth/bye-screen.tsx'

export const Route = createFileRoute('/bye')({
  component: ByeScreen,
})
