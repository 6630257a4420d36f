import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../../machines/route-access/route-access.ts'
import { VisualSignatureScreen } from '../../features/profile/visual-signature/visual-signature-screen.tsx'
import { loadMessages } from '../../i18n/i18n.ts'

export const Route = createFileRoute('/profile/visual-signature')({
  staticData: { access: access.user() },
  loader: () => loadMessages('profile'),
  component: VisualSignatureScreen,
})
