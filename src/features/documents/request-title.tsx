import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, type ReactNode, useState } from 'react'
import { errorCode } from '../../api/error-messages.ts'
import { BusyButton } from '../../ui/button/busy-button.tsx'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import { formMessages } from '../../ui/form/form-messages.ts'
import { TextField } from '../../ui/form/text-field.tsx'
import styles from './documents.module.css'
import { requestErrorMessage } from './request-messages.ts'

/** The longest title a request takes (SPEC §3). */
const maxTitleLength = 200

/** The owner renames their draft: the title the signers will see, saved on its own. */
export function RequestTitle({
  title,
  label = <Trans>Title of the request</Trans>,
  onRename,
}: {
  title: string
  /** The field's label: a template names the title its requests get. */
  label?: ReactNode
  onRename: (title: string) => Promise<void>
}) {
  const { i18n } = useLingui()
  const [value, setValue] = useState(title)
  const [checked, setChecked] = useState(false)
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<{ saved: true } | { error: unknown }>()
  const empty = value.trim() === ''
  const rename = (event: FormEvent) => {
    event.preventDefault()
    setChecked(true)
    setOutcome(undefined)
    if (empty) return
    setBusy(true)
    onRename(value.trim())
      .then(() => setOutcome({ saved: true }))
      .catch((error: unknown) => setOutcome({ error }))
      .finally(() => setBusy(false))
  }
  return (
    <form className={styles.card} aria-labelledby="title-heading" onSubmit={rename} noValidate>
      <h2 id="title-heading">
        <Trans>Title</Trans>
      </h2>
      <TextField
        label={label}
        name="title"
        value={value}
        maxLength={maxTitleLength}
        required
        error={checked && empty ? i18n._(formMessages.required) : undefined}
        onChange={(event) => {
          setValue(event.target.value)
          setOutcome(undefined)
        }}
      />
      {outcome === undefined ? null : 'error' in outcome ? (
        <FormAlert>{i18n._(requestErrorMessage(errorCode(outcome.error)))}</FormAlert>
      ) : (
        <FormAlert tone="success">
          <Trans>The title was saved.</Trans>
        </FormAlert>
      )}
      <BusyButton type="submit" variant="secondary" busy={busy} disabled={value.trim() === title}>
        <Trans>Rename</Trans>
      </BusyButton>
    </form>
  )
}
