import { createFileRoute } from '@tanstack/react-router'
import { SorryScreen } from '../features/system/sorry-screen.tsx'

export const Route = createFileRoute('/sorry')({
  component: SorryScreen,
})
