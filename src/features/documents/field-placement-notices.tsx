import { Trans, useLingui } from '@lingui/react/macro'
import { errorCode } from '../../api/error-messages.ts'
import { Button } from '../../ui/button/button.tsx'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import { signerLabel } from '../../ui/request/signer-label.ts'
import type { SignatureFields } from '../../ui/signature-fields/use-signature-fields.tsx'
import styles from './documents.module.css'
import { requestErrorMessage } from './request-messages.ts'

/** Above the viewer while the sender places fields: what to click, the way out, and a change that failed. */
export function FieldPlacementNotices({ fields }: { fields: SignatureFields }) {
  const { i18n, t } = useLingui()
  const placing = fields.placingFor
  const placingLabel = placing === undefined ? '' : signerLabel(placing)
  return (
    <>
      {fields.error ? (
        <FormAlert>
          {t`The signature field could not be saved.`} {i18n._(requestErrorMessage(errorCode(fields.error)))}{' '}
          <Button variant="text" size="sm" onClick={fields.dismiss}>
            <Trans>Dismiss</Trans>
          </Button>
        </FormAlert>
      ) : null}
      {placing ? (
        <div className={styles.placingBar} role="status">
          <span>
            <Trans>Click or tap the page where {placingLabel} signs.</Trans>
          </span>
          <Button variant="secondary" size="sm" onClick={fields.cancel}>
            <Trans>Cancel</Trans>
          </Button>
        </div>
      ) : null}
    </>
  )
}
