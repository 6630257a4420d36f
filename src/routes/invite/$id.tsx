import { createFileRoute } from '@tanstack/react-router'
import { InviteScreen } from '../../features/business/invite-screen.tsx'
import { loadMessages } from '../../i18n/i18n.ts'

export const Route = createFileRoute('/invite/$id')({
  loader: () => loadMessages('business'),
  component: InviteScreen,
})
