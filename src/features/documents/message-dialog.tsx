import { Trans } from '@lingui/react/macro'
import { type FormEvent, type ReactNode, useState } from 'react'
import { BusyButton } from '../../ui/button/busy-button.tsx'
import { Button } from '../../ui/button/button.tsx'
import type { DialogContentProps } from '../../ui/dialog/define-dialog.ts'
import { DialogFrame } from '../../ui/dialog/dialog-frame.tsx'
import { ErrorAlert } from './dialog-error-alert.tsx'
import { MessageField } from './message-field.tsx'
import type { RequestDialogProps } from './request-dialog-props.ts'

/** A dialog that asks for a decision with an optional message, which its action is given. */
export function MessageDialog({
  heading,
  description,
  label,
  confirm,
  loading,
  error,
  submit,
  close,
}: Omit<DialogContentProps<RequestDialogProps, string>, 'props'> & {
  heading: ReactNode
  description: ReactNode
  label: ReactNode
  confirm: ReactNode
}) {
  const [message, setMessage] = useState('')
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    submit(message)
  }
  return (
    <DialogFrame
      onSubmit={onSubmit}
      title={heading}
      description={description}
      actions={
        <>
          <Button variant="secondary" onClick={close} disabled={loading}>
            <Trans>Cancel</Trans>
          </Button>
          <BusyButton type="submit" busy={loading}>
            {confirm}
          </BusyButton>
        </>
      }
    >
      <ErrorAlert error={error} />
      <MessageField
        label={label}
        name="message"
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        disabled={loading}
      />
    </DialogFrame>
  )
}
