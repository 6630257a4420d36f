import { Trans, useLingui } from '@lingui/react/macro'
import { errorCode, errorMessage } from '../../api/error-messages.ts'
import { Button } from '../../ui/button/button.tsx'
import { BusyButton, DialogFrame } from '../../ui/dialog/dialog-frame.tsx'
import type { DialogContentProps } from '../../ui/dialog/dialog-registry.ts'
import { FormAlert } from '../../ui/form/form-alert.tsx'

/** Props of the leave business dialog. */
export interface LeaveBusinessProps {
  business: string
}

/** SPEC §2 profile dialog: leaving the business; the action is the opener's. */
export function LeaveBusinessDialog({
  props,
  loading,
  error,
  submit,
  close,
}: DialogContentProps<LeaveBusinessProps>) {
  const { i18n } = useLingui()
  const { business } = props
  return (
    <DialogFrame
      title={<Trans>Leave {business}?</Trans>}
      description={
        <Trans>
          You sign with your own account from then on. The requests you sent stay yours. To come back, you
          need a new invitation.
        </Trans>
      }
      actions={
        <>
          <Button variant="secondary" onClick={close} disabled={loading}>
            <Trans>Cancel</Trans>
          </Button>
          <BusyButton busy={loading} onClick={() => submit()}>
            <Trans>Leave business</Trans>
          </BusyButton>
        </>
      }
    >
      {error ? <FormAlert>{i18n._(errorMessage(errorCode(error)))}</FormAlert> : null}
    </DialogFrame>
  )
}
