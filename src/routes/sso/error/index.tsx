import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { access } from '../../../../machines/route-access/route-access.ts'
import { SsoErrorScreen } from '../../../features/auth/sso-error-screen.tsx'
import { loadMessages } from '../../../i18n/i18n.ts'

export const Route = createFileRoute('/sso/error/')({
  staticData: { access: access.public() },
  // The server names why the sign-in stopped (server/sso/sso-error.ts); only such a code is shown.
  validateSearch: v.object({
    reason: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^[a-z_]{1,40}$/))), undefined),
  }),
  loader: () => loadMessages('sso'),
  component: SsoErrorRoute,
})

function SsoErrorRoute() {
  const { reason } = Route.useSearch()
  return <SsoErrorScreen reason="general" code={reason} />
}
