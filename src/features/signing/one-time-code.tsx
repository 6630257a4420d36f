import { plural } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { type ReactNode, useState } from 'react'
import { BusyButton } from '../../ui/button/busy-button.tsx'
import { TextField } from '../../ui/form/text-field.tsx'
import { useSecondsUntil } from '../../ui/form/use-seconds-until.ts'
import styles from './signing.module.css'

const sixDigits = /^\d{6}$/

/** What a one-time code field holds, and its check on submit: the six digits, or undefined and the field says so. */
export function useOneTimeCode() {
  const [code, setCode] = useState('')
  const [incomplete, setIncomplete] = useState(false)
  return {
    code,
    incomplete,
    change: (value: string) => {
      setCode(value)
      setIncomplete(false)
    },
    /** The six digits entered (spaces ignored), or undefined when they are not six. */
    take: (): string | undefined => {
      const digits = code.replace(/\s/g, '')
      const complete = sixDigits.test(digits)
      setIncomplete(!complete)
      return complete ? digits : undefined
    },
    clear: () => setCode(''),
  }
}

/**
 * The six digits of a TAN or an SMS one-time password, and the way to a new code: a wrong code is said at the
 * field with the tries left; a new code may be asked for from `nextAt` on, counted down on the button.
 */
export function OneTimeCodeField({
  state,
  label,
  name,
  incompleteMessage,
  wrongMessage,
  triesLeft,
  disabled,
  resend,
}: {
  state: ReturnType<typeof useOneTimeCode>
  label: ReactNode
  name: string
  /** Said when what was entered is not six digits. */
  incompleteMessage: string
  /** Said when the server refused the code; undefined while it has not. */
  wrongMessage: string | undefined
  triesLeft: number | undefined
  disabled: boolean
  resend: {
    busy: boolean
    nextAt: number | undefined
    send: () => void
    /** The button's label: `seconds` until a new code may be sent, 0 when it may. */
    label: (seconds: number) => ReactNode
  }
}) {
  const { t } = useLingui()
  const resendIn = useSecondsUntil(resend.nextAt)
  const error = state.incomplete
    ? incompleteMessage
    : wrongMessage
      ? `${wrongMessage} ${t`${plural(triesLeft ?? 0, {
          one: 'You have # more try.',
          other: 'You have # more tries.',
        })}`}`
      : undefined
  return (
    <>
      <TextField
        label={label}
        name={name}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        className={styles.tanInput}
        required
        value={state.code}
        onChange={(event) => state.change(event.target.value)}
        error={error}
        disabled={disabled}
      />
      <BusyButton
        variant="text"
        className={styles.linkButton}
        busy={resend.busy}
        disabled={disabled || resendIn > 0}
        onClick={resend.send}
      >
        {resend.label(resendIn)}
      </BusyButton>
    </>
  )
}
