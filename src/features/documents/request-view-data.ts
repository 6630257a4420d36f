import type { RouterContext } from '../../app/context.ts'
import { prefetchPage } from '../../ui/document-viewer/page-prefetch.ts'
import { defaultZoom, imageScaleFor } from '../../ui/document-viewer/zoom.ts'
import { getRequestEventsQueryOptions, getSignatureRequestQueryOptions } from './signature-request-query.ts'
import { pageLoader } from './use-load-page.ts'

/**
 * Loads what the request view shows first: the request, its history and the first page's image (started as soon as
 * the request names its document). A request that fails to load is the screen's to explain (a 404 says so on the
 * page), so this settles either way. A second call while the first is on its way joins it.
 */
export async function loadRequestView(
  { queryClient, api }: Pick<RouterContext, 'queryClient' | 'api'>,
  srid: string,
): Promise<void> {
  const request = queryClient
    .ensureQueryData({ ...getSignatureRequestQueryOptions(api, srid), revalidateIfStale: true })
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
    ...getRequestEventsQueryOptions(api, srid),
    revalidateIfStale: true,
  })
  await Promise.all([request.catch(() => {}), events.catch(() => {})])
}
