import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { Legislation, SignatureQuality } from '../../../contract/signature-qualities.ts'
import type { SignatureRequestView } from '../../../contract/signature-requests.ts'
import { errorCode } from '../../api/error-messages.ts'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import { SelectField } from '../../ui/form/select-field.tsx'
import styles from './documents.module.css'
import { requestErrorMessage } from './request-messages.ts'

/** The standards a sender may ask for: a quality, with a legislation or either. */
const standards = ['any', 'aes', 'qes', 'qes_zertes', 'qes_eidas'] as const
type Standard = (typeof standards)[number]

const standardLabels: Record<Standard, MessageDescriptor> = {
  any: msg`Simple (SES) or better`,
  aes: msg`Advanced (AES) or better`,
  qes: msg`Qualified (QES), either law`,
  qes_zertes: msg`Qualified, Swiss law (ZertES)`,
  qes_eidas: msg`Qualified, EU law (eIDAS)`,
}

/** The request's quality and legislation as one choice of {@link standards}. */
function standardOf(request: Pick<SignatureRequestView, 'quality' | 'legislation'>): Standard {
  if (request.quality === 'qes') return request.legislation === null ? 'qes' : `qes_${request.legislation}`
  return request.quality === 'aes' ? 'aes' : 'any'
}

/** The body of the update call that asks for a standard. */
export function standardBody(standard: Standard): { quality: SignatureQuality; legislation?: Legislation } {
  if (standard === 'any') return { quality: 'ses' }
  if (standard === 'aes' || standard === 'qes') return { quality: standard }
  return { quality: 'qes', legislation: standard === 'qes_zertes' ? 'zertes' : 'eidas' }
}

/**
 * The signature standard a request asks of its signers: the owner chooses it while the request is a draft, and
 * may change it once sent until someone signed; everyone reads it. A signer who holds less is sent to identify
 * first. A choice that could not be stored says why in the card.
 */
export function RequestStandard({
  request,
  mayChoose,
  onChoose,
}: {
  request: Pick<SignatureRequestView, 'quality' | 'legislation'>
  mayChoose: boolean
  onChoose: (body: ReturnType<typeof standardBody>) => Promise<void>
}) {
  const { i18n } = useLingui()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>()
  const current = standardOf(request)
  if (!mayChoose && current === 'any') return null
  return (
    <section className={styles.card} aria-labelledby="standard-heading" aria-busy={busy}>
      <h2 id="standard-heading">
        <Trans>Signature standard</Trans>
      </h2>
      {mayChoose ? (
        <SelectField
          label={<Trans>Signers sign with</Trans>}
          hint={<Trans>Signers who have not identified for it yet are shown how, before they sign.</Trans>}
          value={current}
          options={standards.map((value) => ({ value, label: i18n._(standardLabels[value]) }))}
          onChange={(value) => {
            setBusy(true)
            setError(undefined)
            void onChoose(standardBody(value))
              .catch(setError)
              .finally(() => setBusy(false))
          }}
        />
      ) : (
        <p data-testid="request-standard">{i18n._(standardLabels[current])}</p>
      )}
      {error === undefined ? null : <FormAlert>{i18n._(requestErrorMessage(errorCode(error)))}</FormAlert>}
    </section>
  )
}
