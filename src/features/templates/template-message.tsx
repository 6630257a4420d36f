import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useState } from 'react'
import { errorCode } from '../../api/error-messages.ts'
import { BusyButton } from '../../ui/button/busy-button.tsx'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import { MessageField } from '../documents/message-field.tsx'
import { templateErrorMessage } from './template-messages.ts'
import styles from './templates.module.css'

/** The message a template's requests carry to their signers, saved on its own. */
export function TemplateMessage({
  message,
  onSave,
}: {
  message: string
  onSave: (message: string) => Promise<void>
}) {
  const { i18n } = useLingui()
  const [value, setValue] = useState(message)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>()
  const save = (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setError(undefined)
    onSave(value)
      .catch(setError)
      .finally(() => setBusy(false))
  }
  return (
    <form className={styles.card} aria-labelledby="message-heading" onSubmit={save} noValidate>
      <h2 id="message-heading">
        <Trans>Message</Trans>
      </h2>
      <MessageField
        label={<Trans>Message to the signers</Trans>}
        name="message"
        value={value}
        onChange={(event) => setValue(event.target.value)}
      />
      {error === undefined ? null : <FormAlert>{i18n._(templateErrorMessage(errorCode(error)))}</FormAlert>}
      <BusyButton type="submit" variant="secondary" busy={busy} disabled={value === message}>
        <Trans>Save message</Trans>
      </BusyButton>
    </form>
  )
}
