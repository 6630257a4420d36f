import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { access } from '../../../../../../machines/route-access/route-access.ts'
import { DirectLandingScreen } from '../../../../../features/identification/direct-landing-screen.tsx'
import { loadMessages } from '../../../../../i18n/i18n.ts'

export const Route = createFileRoute('/direct-sign/identification/$id/$userid/')({
  staticData: { access: access.nas() },
  validateSearch: v.object({ primaryAction: v.fallback(v.optional(v.picklist(['refresh'])), undefined) }),
  loader: () => loadMessages('identification'),
  component: LandingRoute,
})

function LandingRoute() {
  const { id, userid } = Route.useParams()
  return (
    <DirectLandingScreen
      requestId={id}
      userId={userid}
      refresh={Route.useSearch().primaryAction === 'refresh'}
    />
  )
}
