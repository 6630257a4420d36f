import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { access } from '../../../../machines/route-access/route-access.ts'
import { MobileIdScreen } from '../../../features/signing/mobile-id-screen.tsx'
import { loadMessages } from '../../../i18n/i18n.ts'

export const Route = createFileRoute('/profile/signature-standards/mobile-id')({
  staticData: { access: access.user('simple') },
  validateSearch: v.object({
    signatureRequestId: v.fallback(v.optional(v.pipe(v.string(), v.uuid())), undefined),
  }),
  loader: () => loadMessages('signing'),
  component: MobileIdRoute,
})

function MobileIdRoute() {
  return <MobileIdScreen signatureRequestId={Route.useSearch().signatureRequestId} />
}
