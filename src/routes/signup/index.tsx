import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../../machines/route-access/route-access.ts'
import { SignupScreen } from '../../features/auth/signup-screen.tsx'

export const Route = createFileRoute('/signup/')({
  staticData: { access: access.public({ guestOnly: true }) },
  component: SignupScreen,
})
