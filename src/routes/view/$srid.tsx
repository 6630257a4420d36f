import { createFileRoute } from '@tanstack/react-router'
import { RequestViewScreen } from '../../features/documents/request-view-screen.tsx'
import { getSignatureRequestQueryOptions } from '../../features/documents/signature-request-query.ts'
import { SignAction } from '../../features/signing/sign-action.tsx'
import { loadMessages } from '../../i18n/i18n.ts'

export const Route = createFileRoute('/view/$srid')({
  // Starts the request's load with the route's chunk and its texts; the screen shows its own error for a 404.
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(getSignatureRequestQueryOptions(context.api, params.srid))
    return loadMessages('documents', 'signing')
  },
  component: ViewRoute,
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
