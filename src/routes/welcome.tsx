import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../machines/route-access/route-access.ts'
import { WelcomeScreen } from '../features/auth/welcome-screen.tsx'

export const Route = createFileRoute('/welcome')({
  staticData: { access: access.user('simple') },
  component: WelcomeScreen,
})
