import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../machines/route-access/route-access.ts'
import { UpgradeScreen } from '../features/business/upgrade-screen.tsx'
import { loadMessages } from '../i18n/i18n.ts'

export const Route = createFileRoute('/upgrade')({
  staticData: { access: access.user('simple') },
  loader: () => loadMessages('business'),
  component: UpgradeScreen,
})
