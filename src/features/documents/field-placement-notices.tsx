import { Trans, useLingui } from '@lingui/react/macro'
import { formFieldKinds } from '../../../contract/form-fields.ts'
import type { PlacedKind } from '../../../machines/field-placement/field-placement.types.ts'
import { errorCode } from '../../api/error-messages.ts'
import { Button } from '../../ui/button/button.tsx'
import { CheckboxField } from '../../ui/form/checkbox-field.tsx'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import { SelectField } from '../../ui/form/select-field.tsx'
import { signerLabel } from '../../ui/request/signer-label.ts'
import { useKindLabel } from '../../ui/signature-fields/kind-label.ts'
import type { SignatureFields } from '../../ui/signature-fields/use-signature-fields.tsx'
import styles from './documents.module.css'
import { requestErrorMessage } from './request-messages.ts'

const placedKinds: readonly PlacedKind[] = ['signature', ...formFieldKinds]

/**
 * Above the viewer while the sender places fields: which kind of field the click places (while drafting;
 * initials maybe on every page), what to click, the way out, and a change that failed.
 */
export function FieldPlacementNotices({ fields }: { fields: SignatureFields }) {
  const { i18n, t } = useLingui()
  const kindLabel = useKindLabel()
  const placing = fields.placingFor
  const placingLabel = placing === undefined ? '' : signerLabel(placing)
  const { kind, everyPage } = fields.placingKind
  const kindName = kindLabel(kind)
  return (
    <>
      {fields.error ? (
        <FormAlert>
          {t`The field could not be saved.`} {i18n._(requestErrorMessage(errorCode(fields.error)))}{' '}
          <Button variant="text" size="sm" onClick={fields.dismiss}>
            <Trans>Dismiss</Trans>
          </Button>
        </FormAlert>
      ) : null}
      {placing ? (
        <fieldset className={styles.placingBar}>
          <legend className="visually-hidden">{t`Placing a field`}</legend>
          {fields.formFieldsPlaceable ? (
            <SelectField
              label={<Trans>Field for {placingLabel}</Trans>}
              value={kind}
              options={placedKinds.map((value) => ({ value, label: kindLabel(value) }))}
              onChange={(chosen) => fields.choose(placing.id, chosen, everyPage)}
            />
          ) : null}
          {kind === 'initials' ? (
            <CheckboxField
              label={<Trans>On every page</Trans>}
              checked={everyPage}
              onChange={(event) => fields.choose(placing.id, kind, event.target.checked)}
            />
          ) : null}
          <span role="status">
            {kind === 'signature' ? (
              <Trans>Click or tap the page where {placingLabel} signs.</Trans>
            ) : (
              <Trans>
                Click or tap the page where the field “{kindName}” of {placingLabel} goes.
              </Trans>
            )}
          </span>
          <Button variant="secondary" size="sm" onClick={fields.cancel}>
            <Trans>Cancel</Trans>
          </Button>
        </fieldset>
      ) : null}
    </>
  )
}
