import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { StatusPage } from '../../ui/page/status-page.tsx'

const plans = {
  visualSignature: msg`How your signature looks on a document: name, company, location, date and image.`,
  signatureStandards: msg`Your signature standards: the qualities and legislations you can sign with, and the identification that unlocks them.`,
  identification: msg`Identification by video, by yourself, automatically or with an Austrian eID, to sign with an advanced or qualified signature.`,
  eidplus: msg`Signing up with a national electronic ID.`,
  componentTest: msg`A test page for the design system's components.`,
} as const satisfies Record<string, MessageDescriptor>

/** The area of the product a planned screen belongs to. */
export type PlannedArea = keyof typeof plans

/** A route the SPEC lists whose screen a later issue builds: it says what will be there. */
export function PlannedScreen({ area }: { area: PlannedArea }) {
  const { i18n } = useLingui()
  return (
    <StatusPage illustration={false} title={<Trans>Coming soon</Trans>}>
      <p>{i18n._(plans[area])}</p>
    </StatusPage>
  )
}
