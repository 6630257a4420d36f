import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { access } from '../../../machines/route-access/route-access.ts'
import { ConfirmEmailScreen } from '../../features/profile/confirm-email-screen.tsx'
import { loadMessages } from '../../i18n/i18n.ts'

const searchSchema = v.object({ token: v.optional(v.pipe(v.string(), v.maxLength(500))) })

export const Route = createFileRoute('/profile/confirm')({
  staticData: { access: access.user() },
  loader: () => loadMessages('profile'),
  validateSearch: searchSchema,
  component: ConfirmScreen,
})

function ConfirmScreen() {
  const { token } = Route.useSearch()
  return <ConfirmEmailScreen token={token} />
}
