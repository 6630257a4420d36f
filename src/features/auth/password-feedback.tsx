import { Trans, useLingui } from '@lingui/react/macro'
import { checkPassword, passwordMinLength } from '../../../machines/password/password-policy.ts'
import { errorMessage } from '../../api/error-messages.ts'
import styles from './auth.module.css'

/**
 * Live feedback on a new password from the shared policy (the server checks it again): the rule
 * it breaks first, or that it is good. Announced politely as the user types.
 */
export function PasswordFeedback({ id, password, email }: { id: string; password: string; email?: string }) {
  const { i18n } = useLingui()
  const code = password ? checkPassword(password, email) : null
  const min = passwordMinLength
  return (
    <p id={id} className={styles.feedback} data-ok={Boolean(password) && code === null} aria-live="polite">
      {!password ? (
        <Trans>Use at least {min} characters, with at least one letter and one digit.</Trans>
      ) : code ? (
        i18n._(errorMessage(code))
      ) : (
        <Trans>This password meets the rules.</Trans>
      )}
    </p>
  )
}
