import { Trans } from '@lingui/react/macro'
import { type FormEvent, useState } from 'react'
import type { SignerInvite } from '../../../contract/signature-requests.ts'
import { BusyButton } from '../../ui/button/busy-button.tsx'
import { Button } from '../../ui/button/button.tsx'
import type { DialogContentProps } from '../../ui/dialog/define-dialog.ts'
import { DialogFrame } from '../../ui/dialog/dialog-frame.tsx'
import { ErrorAlert } from './dialog-error-alert.tsx'
import { MessageField } from './message-field.tsx'
import type { RequestDialogProps } from './request-dialog-props.ts'
import { SignerFields, toSignerInvite, useSignerFields } from './signer-fields.tsx'

/** What the delegate dialog submits: who signs instead, and the word for them. */
export type Delegation = SignerInvite & { message: string }

/** SPEC §2 document dialog: hand one's own signature over to someone else, with a word for them. */
export function DelegateDialog({
  loading,
  error,
  submit,
  close,
}: DialogContentProps<RequestDialogProps, Delegation>) {
  const fields = useSignerFields()
  const [message, setMessage] = useState('')
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    fields.setChecked(true)
    const invite = toSignerInvite(fields.values)
    if (invite) submit({ ...invite, message })
  }
  return (
    <DialogFrame
      onSubmit={onSubmit}
      title={<Trans>Delegate signing</Trans>}
      description={<Trans>Someone else signs in your place. You will no longer be asked to sign.</Trans>}
      actions={
        <>
          <Button variant="secondary" onClick={close} disabled={loading}>
            <Trans>Cancel</Trans>
          </Button>
          <BusyButton type="submit" busy={loading}>
            <Trans>Delegate</Trans>
          </BusyButton>
        </>
      }
    >
      <ErrorAlert error={error} />
      <SignerFields
        values={fields.values}
        onChange={fields.setValues}
        checked={fields.checked}
        disabled={loading}
      />
      <MessageField
        label={<Trans>Message (optional)</Trans>}
        name="message"
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        disabled={loading}
      />
    </DialogFrame>
  )
}
