import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../../machines/route-access/route-access.ts'
import { EmbeddedSigningScreen } from '../../features/signing/embedded-signing-screen.tsx'
import { loadMessages } from '../../i18n/i18n.ts'

export const Route = createFileRoute('/embed/$token')({
  // Anyone may open a signing URL; its session makes them the link's direct-link signer (issue 41 §3).
  staticData: { access: access.public({ layout: 'none' }) },
  loader: () => loadMessages('signing'),
  component: EmbeddedSigningRoute,
})

function EmbeddedSigningRoute() {
  const { token } = Route.useParams()
  return <EmbeddedSigningScreen key={token} token={token} />
}
