import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useState } from 'react'
import {
  type SignerAuthentication,
  type SignerInvite,
  signerAuthentications,
} from '../../../contract/signature-requests.ts'
import { BusyButton } from '../../ui/button/busy-button.tsx'
import { Button } from '../../ui/button/button.tsx'
import type { DialogContentProps } from '../../ui/dialog/define-dialog.ts'
import { DialogFrame } from '../../ui/dialog/dialog-frame.tsx'
import { SelectField } from '../../ui/form/select-field.tsx'
import { ErrorAlert } from './dialog-error-alert.tsx'
import type { RequestDialogProps } from './request-dialog-props.ts'
import { signerAuthenticationLabels } from './signer-authentication.ts'
import { SignerFields, toSignerInvite, useSignerFields } from './signer-fields.tsx'

/** SPEC §2 document dialog: invite one more signer; the action (the call) is the opener's. */
export function AddSignerDialog({
  loading,
  error,
  submit,
  close,
}: DialogContentProps<RequestDialogProps, SignerInvite>) {
  const { i18n, t } = useLingui()
  const fields = useSignerFields()
  const [authentication, setAuthentication] = useState<SignerAuthentication>('tan')
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    fields.setChecked(true)
    const invite = toSignerInvite(fields.values)
    if (invite) submit({ ...invite, authentication })
  }
  return (
    <DialogFrame
      onSubmit={onSubmit}
      title={<Trans>Add a signer</Trans>}
      description={<Trans>We send them an e-mail with a link to the documents.</Trans>}
      actions={
        <>
          <Button variant="secondary" onClick={close} disabled={loading}>
            <Trans>Cancel</Trans>
          </Button>
          <BusyButton type="submit" busy={loading}>
            <Trans>Add signer</Trans>
          </BusyButton>
        </>
      }
    >
      <ErrorAlert error={error} prefix={t`Failed to invite signer.`} />
      <SignerFields
        values={fields.values}
        onChange={fields.setValues}
        checked={fields.checked}
        disabled={loading}
      />
      <SelectField
        label={<Trans>How they confirm who they are</Trans>}
        hint={
          <Trans>
            With two-step verification, they enter a code of their authenticator app right before their
            signature is applied.
          </Trans>
        }
        value={authentication}
        options={signerAuthentications.map((value) => ({
          value,
          label: i18n._(signerAuthenticationLabels[value]),
        }))}
        onChange={setAuthentication}
        disabled={loading}
      />
    </DialogFrame>
  )
}
