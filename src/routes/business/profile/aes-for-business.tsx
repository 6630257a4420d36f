import { createFileRoute } from '@tanstack/react-router'
import { AesForBusinessScreen } from '../../../features/business/aes-for-business-screen.tsx'
import { loadMessages } from '../../../i18n/i18n.ts'

export const Route = createFileRoute('/business/profile/aes-for-business')({
  loader: () => loadMessages('business'),
  component: AesForBusinessScreen,
})
