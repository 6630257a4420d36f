import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useState } from 'react'
import { errorCode, errorMessage } from '../../api/error-messages.ts'
import { BusyButton } from '../../ui/button/busy-button.tsx'
import { Button } from '../../ui/button/button.tsx'
import type { DialogContentProps } from '../../ui/dialog/define-dialog.ts'
import { DialogFrame } from '../../ui/dialog/dialog-frame.tsx'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import { formMessages } from '../../ui/form/form-messages.ts'
import { TextField } from '../../ui/form/text-field.tsx'

/** Props of the visual signature data dialog. */
export interface VisualSignatureDataProps {
  /** The name to start from: the signer's own name, or their address. */
  suggestedName: string
}

/** Longest name a signature shows (the sign call's signing_name). */
const maxNameLength = 200

/** SPEC §2 visual signature data dialog: the name the visible signature shows; the opener saves it. */
export function VisualSignatureDataDialog({
  props,
  loading,
  error,
  submit,
  close,
}: DialogContentProps<VisualSignatureDataProps, string>) {
  const { i18n } = useLingui()
  const [name, setName] = useState(props.suggestedName)
  const [missing, setMissing] = useState(false)
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const trimmed = name.trim()
    setMissing(trimmed === '')
    if (trimmed !== '') submit(trimmed)
  }
  return (
    <DialogFrame
      onSubmit={onSubmit}
      title={<Trans>Your signature</Trans>}
      description={
        <Trans>
          This name is shown in your signature on the documents, with the date and the signature standard.
        </Trans>
      }
      actions={
        <>
          <Button variant="secondary" onClick={close} disabled={loading}>
            <Trans>Cancel</Trans>
          </Button>
          <BusyButton type="submit" busy={loading}>
            <Trans>Continue</Trans>
          </BusyButton>
        </>
      }
    >
      {error ? <FormAlert>{i18n._(errorMessage(errorCode(error)))}</FormAlert> : null}
      <TextField
        label={<Trans>Name on your signature</Trans>}
        name="signatureName"
        autoComplete="name"
        required
        maxLength={maxNameLength}
        value={name}
        onChange={(event) => {
          setName(event.target.value)
          setMissing(false)
        }}
        error={missing ? i18n._(formMessages.required) : undefined}
        disabled={loading}
      />
    </DialogFrame>
  )
}
