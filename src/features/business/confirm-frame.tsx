import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { errorCode } from '../../api/error-messages.ts'
import { BusyButton } from '../../ui/button/busy-button.tsx'
import { Button } from '../../ui/button/button.tsx'
import type { DialogContentProps } from '../../ui/dialog/define-dialog.ts'
import { DialogFrame } from '../../ui/dialog/dialog-frame.tsx'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import { businessErrorMessage } from './business-messages.ts'

/**
 * A business dialog that asks to confirm one action: Cancel, and the action's button, busy while the
 * opener's action runs; why it failed, if it did.
 */
export function ConfirmFrame({
  title,
  description,
  confirm,
  children,
  dialog,
}: {
  title: ReactNode
  description: ReactNode
  confirm: ReactNode
  children?: ReactNode
  dialog: Omit<DialogContentProps<unknown>, 'props'>
}) {
  const { i18n } = useLingui()
  const { loading, error, submit, close } = dialog
  return (
    <DialogFrame
      title={title}
      description={description}
      actions={
        <>
          <Button variant="secondary" onClick={close} disabled={loading}>
            <Trans>Cancel</Trans>
          </Button>
          <BusyButton busy={loading} onClick={() => submit()}>
            {confirm}
          </BusyButton>
        </>
      }
    >
      {children}
      {error ? <FormAlert>{i18n._(businessErrorMessage(errorCode(error)))}</FormAlert> : null}
    </DialogFrame>
  )
}
