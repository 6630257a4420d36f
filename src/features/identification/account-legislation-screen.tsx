import { Trans } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { getAccountRequestQueryOptions } from './identification-calls.ts'
import { identificationPath } from './identification-routes.ts'
import { IdentificationPage, requestQuery } from './identification-screens.tsx'
import { LegislationChoice } from './legislation-screen.tsx'

/**
 * /profile/signature-standards/legislation: the signed-in user chooses eIDAS or ZertES; sent here for a
 * request whose legislation is set, only that one is offered (as on the direct-link signer's landing).
 */
export function AccountLegislationScreen({ signatureRequestId }: { signatureRequestId?: string }) {
  const { api } = useRouteContext({ from: '__root__' })
  const request = useQuery({
    ...getAccountRequestQueryOptions(api, signatureRequestId ?? ''),
    enabled: signatureRequestId !== undefined,
  })
  // A request that cannot be read (gone, not the user's) narrows nothing.
  const waiting = signatureRequestId !== undefined && request.isPending && request.fetchStatus !== 'idle'
  return (
    <IdentificationPage
      title={<Trans>Get a qualified signature</Trans>}
      back={{ href: identificationPath('account', ''), label: <Trans>Signature standards</Trans> }}
    >
      {waiting ? null : (
        <LegislationChoice
          base="account"
          query={requestQuery(signatureRequestId)}
          only={request.data?.legislation ?? null}
        />
      )}
    </IdentificationPage>
  )
}
