import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi, useRouteContext } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { selectToken } from '../../../machines/session/session.selectors.ts'
import { errorCode } from '../../api/error-messages.ts'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import { signupKinds } from '../auth/mail-sent-screen.tsx'
import { SignupLinkInvalid } from '../auth/signup-link-invalid.tsx'
import { SignupSteps } from '../auth/signup-steps-screen.tsx'
import { useAuthCalls } from '../auth/use-auth-calls.ts'
import { businessErrorMessage } from './business-messages.ts'
import { BusinessRegisterScreen } from './business-register-screen.tsx'

const route = getRouteApi('/business/signup/steps')

/**
 * /business/signup/steps?token= (SPEC §2): the account first (the signup steps, from the mailed link),
 * then, signed in, the company and its address.
 */
export function BusinessSignupStepsScreen() {
  const { session } = useRouteContext({ from: '__root__' })
  const signedIn = useSelector(session, (s) => selectToken(s) !== null)
  const { token } = route.useSearch()
  if (signedIn) return <BusinessRegisterScreen fromSignup />
  if (!token) return <SignupLinkInvalid />
  return <AccountStep token={token} />
}

function AccountStep({ token }: { token: string }) {
  const { i18n } = useLingui()
  const calls = useAuthCalls()
  const check = useQuery({
    queryKey: ['valid-confirmation', token],
    queryFn: () => calls.validConfirmation(token, i18n.locale),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  })
  if (check.isPending)
    return (
      <p aria-busy="true">
        <Trans>Checking your link…</Trans>
      </p>
    )
  if (check.isError && !errorCode(check.error).startsWith('token.')) {
    return <FormAlert>{i18n._(businessErrorMessage(errorCode(check.error)))}</FormAlert>
  }
  if (!check.data?.valid || check.data.flow !== signupKinds.businessSignup.confirmation)
    return <SignupLinkInvalid />
  return (
    <SignupSteps
      key={token}
      token={token}
      email={check.data.email ?? ''}
      after={signupKinds.businessSignup.confirm}
    />
  )
}
