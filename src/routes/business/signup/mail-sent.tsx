import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../../../machines/route-access/route-access.ts'
import { validateEmailSearch } from '../../../features/auth/auth-search.ts'
import { MailSentScreen } from '../../../features/auth/mail-sent-screen.tsx'

export const Route = createFileRoute('/business/signup/mail-sent')({
  staticData: { access: access.public() },
  validateSearch: validateEmailSearch,
  component: () => <MailSentScreen flow="businessSignup" />,
})
