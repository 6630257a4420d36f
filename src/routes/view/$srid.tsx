import { createFileRoute } from '@tanstack/react-router'
import { prepareDateFormat } from '../../app/prepare-dates.ts'
import { RequestLoading, RequestViewScreen } from '../../features/documents/request-view-screen.tsx'
import {
  getRequestEventsQueryOptions,
  getSignatureRequestQueryOptions,
} from '../../features/documents/signature-request-query.ts'
import { pageLoader } from '../../features/documents/use-load-page.ts'
import { SignAction } from '../../features/signing/sign-action.tsx'
import { loadMessages } from '../../i18n/i18n.ts'
import { prefetchPage } from '../../ui/document-viewer/page-prefetch.ts'
import { defaultZoom, imageScaleFor } from '../../ui/document-viewer/zoom.ts'

export const Route = createFileRoute('/view/$srid')({
  // The request, its history and the first page's image load with the route's chunk and its texts, so the
  // screen shows them in its first paint; a request that fails to load is the screen's to explain (a 404
  // says so on the page), and one slower than a second shows the screen's loading note meanwhile.
  loader: async ({ context: { queryClient, api }, params }) => {
    const request = queryClient
      .ensureQueryData({ ...getSignatureRequestQueryOptions(api, params.srid), revalidateIfStale: true })
      .then((data) => {
        const first = data.documents[0]
        if (first && first.pageCount > 0) {
          const version = first.signedSha256 ?? undefined
          const scale = imageScaleFor(defaultZoom)
          prefetchPage(
            () => pageLoader(api)(first.id, 0, scale, new AbortController().signal, version),
            first.id,
            0,
            scale,
            version,
          )
        }
      })
    const events = queryClient.ensureQueryData({
      ...getRequestEventsQueryOptions(api, params.srid),
      revalidateIfStale: true,
    })
    prepareDateFormat()
    await Promise.all([request.catch(() => {}), events.catch(() => {}), loadMessages('documents', 'signing')])
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
  return (
    <RequestViewScreen
      srid={srid}
      signAction={(request, onSigned, documentSignatures) => (
        <SignAction request={request} onSigned={onSigned} documentSignatures={documentSignatures} />
      )}
    />
  )
}
