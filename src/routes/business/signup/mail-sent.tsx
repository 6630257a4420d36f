import { createFileRoute } from '@tanstack/react-router'
import { validateEmailSearch } from '../../../features/auth/auth-search.ts'
import { MailSentScreen } from '../../../features/auth/mail-sent-screen.tsx'

export const Route = createFileRoute('/business/signup/mail-sent')({
  validateSearch: validateEmailSearch,
  component: () => <MailSentScreen flow="businessSignup" />,
})
