import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { useEffect } from 'react'
import { errorCode, errorMessage } from '../../api/error-messages.ts'
import { buttonClass } from '../../ui/button/button.tsx'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import styles from './auth.module.css'
import { AuthHeader } from './auth-header.tsx'
import { SignupLinkInvalid } from './signup-link-invalid.tsx'
import { useAuthCalls } from './use-auth-calls.ts'

const route = getRouteApi('/signup/confirm')

/**
 * /signup/confirm?token= (SPEC §2): checks the mailed link's token; a good one continues to the
 * signup steps with the token and the confirmed address.
 */
export function SignupConfirmScreen() {
  const { token } = route.useSearch()
  const { i18n } = useLingui()
  const calls = useAuthCalls()
  const navigate = useNavigate()
  const check = useQuery({
    queryKey: ['valid-confirmation', token],
    queryFn: () => calls.validConfirmation(token ?? '', i18n.locale),
    enabled: Boolean(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  })
  const answer = check.data
  const valid = answer?.valid === true && answer.flow === 'signup'

  useEffect(() => {
    if (valid && token) {
      void navigate({
        to: '/signup/steps',
        search: { token, email: answer?.email ?? undefined },
        replace: true,
      })
    }
  }, [valid, token, answer?.email, navigate])

  const linkRefused = check.isError && errorCode(check.error).startsWith('token.')
  if (!token || (answer && !valid) || linkRefused) return <SignupLinkInvalid />
  if (check.isError) {
    return (
      <div className={styles.center}>
        <AuthHeader title={<Trans>We could not check your link</Trans>} />
        <FormAlert>{i18n._(errorMessage(errorCode(check.error)))}</FormAlert>
        <button
          type="button"
          className={buttonClass({ size: 'lg', block: true })}
          onClick={() => void check.refetch()}
        >
          <Trans>Try again</Trans>
        </button>
      </div>
    )
  }
  return (
    <div className={styles.center} aria-busy="true">
      <AuthHeader title={<Trans>Checking your link…</Trans>} />
    </div>
  )
}
