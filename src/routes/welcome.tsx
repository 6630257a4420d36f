import { createFileRoute } from '@tanstack/react-router'
import { WelcomeScreen } from '../features/auth/welcome-screen.tsx'

export const Route = createFileRoute('/welcome')({
  component: WelcomeScreen,
})
