import { Trans } from '@lingui/react/macro'
import { identificationPath } from './identification-routes.ts'
import { IdentificationPage, requestQuery } from './identification-screens.tsx'
import { LegislationChoice } from './legislation-screen.tsx'

/** /profile/signature-standards/legislation: the signed-in user chooses eIDAS or ZertES. */
export function AccountLegislationScreen({ signatureRequestId }: { signatureRequestId?: string }) {
  return (
    <IdentificationPage
      title={<Trans>Get a qualified signature</Trans>}
      back={{ href: identificationPath('account', ''), label: <Trans>Signature standards</Trans> }}
    >
      <LegislationChoice base="account" query={requestQuery(signatureRequestId)} />
    </IdentificationPage>
  )
}
