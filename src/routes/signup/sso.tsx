import { createFileRoute } from '@tanstack/react-router'
import { SignupSsoScreen } from '../../features/auth/signup-sso-screen.tsx'

export const Route = createFileRoute('/signup/sso')({
  component: SignupSsoScreen,
})
