import { createFileRoute } from '@tanstack/react-router'
import { ProfileScreen } from '../../features/profile/profile-screen.tsx'

export const Route = createFileRoute('/profile/')({
  component: ProfileScreen,
})
