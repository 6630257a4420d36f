import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { useEffect } from 'react'
import { errorCode, errorMessage } from '../../api/error-messages.ts'
import { buttonClass } from '../../ui/button/button.tsx'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import styles from './auth.module.css'
import { AuthHeader } from './auth-header.tsx'
import { validateSignupSearch } from './auth-search.ts'
import { signupKinds } from './mail-sent-screen.tsx'
import { SignupLinkInvalid } from './signup-link-invalid.tsx'
import { SignupSteps } from './signup-steps-screen.tsx'
import { useAuthCalls } from './use-auth-calls.ts'

/** Where the eID+ signup goes once the account exists: choosing the legislation to be identified under. */
const eidplusNext = '/profile/signature-standards/legislation'

/**
 * /signup/confirm?token= (with the `redirect` the signup started with, such as an invitation's page) and /signup/flows/eidplus/confirm?token= (SPEC §2): checks the mailed link's token,
 * which must be of this `kind`'s flow. A good signup link continues to the signup steps with the token and
 * the confirmed address; a good eID+ link shows the same steps here, then goes on to identification.
 */
export function SignupConfirmScreen({ kind = 'signup' }: { kind?: 'signup' | 'eidplus' }) {
  const { token, redirect } = validateSignupSearch(useSearch({ strict: false }))
  const { confirmation, start } = signupKinds[kind]
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
  const valid = answer?.valid === true && answer.flow === confirmation

  useEffect(() => {
    if (valid && token && kind === 'signup') {
      void navigate({
        to: '/signup/steps',
        search: { token, email: answer?.email ?? undefined, redirect },
        replace: true,
      })
    }
  }, [valid, token, kind, answer?.email, redirect, navigate])

  const linkRefused = check.isError && errorCode(check.error).startsWith('token.')
  if (!token || (answer && !valid) || linkRefused) return <SignupLinkInvalid start={start} />
  if (valid && kind === 'eidplus')
    return <SignupSteps key={token} token={token} email={answer.email ?? ''} after={eidplusNext} />
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
