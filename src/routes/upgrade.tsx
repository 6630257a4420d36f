import { createFileRoute } from '@tanstack/react-router'
import { UpgradeScreen } from '../features/business/business-plan-screen.tsx'
import { loadMessages } from '../i18n/i18n.ts'

export const Route = createFileRoute('/upgrade')({
  loader: () => loadMessages('business'),
  component: UpgradeScreen,
})
