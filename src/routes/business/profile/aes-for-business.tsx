import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../../../machines/route-access/route-access.ts'
import { AesForBusinessScreen } from '../../../features/business/aes-for-business-screen.tsx'
import { loadMessages } from '../../../i18n/i18n.ts'

export const Route = createFileRoute('/business/profile/aes-for-business')({
  staticData: { access: access.admin() },
  loader: () => loadMessages('business'),
  component: AesForBusinessScreen,
})
