import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../../machines/route-access/route-access.ts'
import { prepareDateFormat } from '../../app/prepare-dates.ts'
import { loadRequestView } from '../../features/documents/request-view-data.ts'
import { RequestLoading, RequestViewScreen } from '../../features/documents/request-view-screen.tsx'
import { SignAction } from '../../features/signing/sign-action.tsx'
import { useOwnSeals } from '../../features/signing/use-own-seals.ts'
import { loadMessages } from '../../i18n/i18n.ts'

export const Route = createFileRoute('/view/$srid')({
  // The request, its history and the first page's image load with the route's chunk and its texts, so the
  // screen shows them in its first paint; one slower than a second shows the screen's loading note meanwhile.
  loader: async ({ context, params }) => {
    const request = loadRequestView(context, params.srid)
    prepareDateFormat()
    await Promise.all([request, loadMessages('documents', 'signing')])
  },
  // A page opened with a session in the tab asks for the request and loads its texts while the session still
  // loads its user (src/app/guard.ts), instead of after: the loader then finds them on their way, and the loading
  // note, shown when the user's answer is slow, has its words.
  staticData: {
    access: access.user(),
    earlyLoad: async (context, { srid }) => {
      await Promise.all([
        import('../../features/documents/request-view-data.ts').then(({ loadRequestView }) =>
          loadRequestView(context, srid as string),
        ),
        loadMessages('documents', 'signing'),
      ])
    },
  },
  pendingComponent: RequestLoading,
  component: ViewRoute,
  // The loader and the loading note come in chunks of their own, not in the app's entry that /login loads too;
  // the page's HTML names them (scripts/route-preloads.ts), so a visit that starts here does not wait for them.
  codeSplitGroupings: [
    ['loader'],
    ['component', 'pendingComponent'],
    ['errorComponent'],
    ['notFoundComponent'],
  ],
})

function ViewRoute() {
  const { srid } = Route.useParams()
  const seals = useOwnSeals()
  return (
    <RequestViewScreen
      srid={srid}
      signAction={(request, onSigned, documentSignatures, form) => (
        <SignAction
          request={request}
          onSigned={onSigned}
          documentSignatures={documentSignatures}
          form={form}
          seals={seals}
        />
      )}
    />
  )
}
