import { Trans } from '@lingui/react/macro'
import { BusyButton } from '../../ui/button/busy-button.tsx'
import { Button } from '../../ui/button/button.tsx'
import type { DialogContentProps } from '../../ui/dialog/define-dialog.ts'
import { DialogFrame } from '../../ui/dialog/dialog-frame.tsx'
import { ErrorAlert } from './dialog-error-alert.tsx'
import type { RequestDialogProps } from './request-dialog-props.ts'

/** Props of the remove-signer dialog. */
export interface RemoveSignerProps extends RequestDialogProps {
  /** The signer to remove: their address, or the name of the signer group. */
  signer: string
}

/** SPEC §2 document dialog: take a signer off the request. */
export function RemoveSignerDialog({
  props,
  loading,
  error,
  submit,
  close,
}: DialogContentProps<RemoveSignerProps>) {
  const { signer } = props
  return (
    <DialogFrame
      title={<Trans>Remove this signer?</Trans>}
      description={<Trans>{signer} will no longer be asked to sign.</Trans>}
      actions={
        <>
          <Button variant="secondary" onClick={close} disabled={loading}>
            <Trans>Cancel</Trans>
          </Button>
          <BusyButton busy={loading} onClick={() => submit()}>
            <Trans>Remove signer</Trans>
          </BusyButton>
        </>
      }
    >
      <ErrorAlert error={error} />
    </DialogFrame>
  )
}
