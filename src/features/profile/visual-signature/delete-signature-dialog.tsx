import { Trans, useLingui } from '@lingui/react/macro'
import { errorCode } from '../../../api/error-messages.ts'
import { BusyButton } from '../../../ui/button/busy-button.tsx'
import { Button } from '../../../ui/button/button.tsx'
import type { DialogContentProps } from '../../../ui/dialog/define-dialog.ts'
import { DialogFrame } from '../../../ui/dialog/dialog-frame.tsx'
import { FormAlert } from '../../../ui/form/form-alert.tsx'
import { visualSignatureErrorMessage } from './visual-signature-messages.ts'

/** Props of the delete signature dialog. */
export interface DeleteSignatureProps {
  /** The signature's label or name. */
  label: string
}

/** SPEC §2 "Visual signature" delete signature dialog; the deletion is the opener's action. */
export function DeleteSignatureDialog({
  props,
  loading,
  error,
  submit,
  close,
}: DialogContentProps<DeleteSignatureProps>) {
  const { i18n } = useLingui()
  return (
    <DialogFrame
      title={<Trans>Delete the signature {props.label}?</Trans>}
      description={<Trans>Documents you already signed keep it. This cannot be undone.</Trans>}
      actions={
        <>
          <Button variant="secondary" onClick={close} disabled={loading}>
            <Trans>Cancel</Trans>
          </Button>
          <BusyButton busy={loading} onClick={() => submit()}>
            <Trans>Delete signature</Trans>
          </BusyButton>
        </>
      }
    >
      {error ? <FormAlert>{i18n._(visualSignatureErrorMessage(errorCode(error)))}</FormAlert> : null}
    </DialogFrame>
  )
}
