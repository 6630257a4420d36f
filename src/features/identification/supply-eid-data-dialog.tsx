import { Trans, useLingui } from '@lingui/react/macro'
import { errorCode } from '../../api/error-messages.ts'
import { BusyButton } from '../../ui/button/busy-button.tsx'
import { Button } from '../../ui/button/button.tsx'
import type { DialogContentProps } from '../../ui/dialog/define-dialog.ts'
import { DialogFrame } from '../../ui/dialog/dialog-frame.tsx'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import { identificationErrorMessage } from './identification-messages.ts'
import type { PersonalDetails } from './personal-details.ts'
import { usePersonalDetailsForm } from './personal-details-form.tsx'

/** Props of the supply eID data dialog: the details known so far. */
export interface SupplyEidDataProps {
  initial: PersonalDetails
}

/**
 * SPEC §2 supply eID data dialog: the personal details the ZertES identification provider needs (names, date
 * of birth, nationality), asked before the identification starts; the action saves them.
 */
export function SupplyEidDataDialog({
  props,
  loading,
  error,
  submit,
  close,
}: DialogContentProps<SupplyEidDataProps, PersonalDetails>) {
  const { i18n } = useLingui()
  const form = usePersonalDetailsForm(props.initial, (details) => submit(details))
  return (
    <DialogFrame
      title={<Trans>Your personal details</Trans>}
      description={
        <Trans>
          The identification provider checks these against your ID document. Enter them as they are written
          there.
        </Trans>
      }
      onSubmit={form.onSubmit}
      actions={
        <>
          <Button variant="secondary" onClick={close} disabled={loading}>
            <Trans>Cancel</Trans>
          </Button>
          <BusyButton type="submit" busy={loading}>
            <Trans>Save and continue</Trans>
          </BusyButton>
        </>
      }
    >
      {form.fields}
      {error ? <FormAlert>{i18n._(identificationErrorMessage(errorCode(error)))}</FormAlert> : null}
    </DialogFrame>
  )
}
