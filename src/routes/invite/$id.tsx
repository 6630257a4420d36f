import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../../machines/route-access/route-access.ts'
import { InviteScreen } from '../../features/business/invite-screen.tsx'
import { loadMessages } from '../../i18n/i18n.ts'

export const Route = createFileRoute('/invite/$id')({
  staticData: { access: access.invite() },
  loader: () => loadMessages('business'),
  component: InviteScreen,
})
