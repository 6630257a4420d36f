import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery } from '@tanstack/react-query'
import { Link, useNavigate, useRouteContext } from '@tanstack/react-router'
import { useId } from 'react'
import * as v from 'valibot'
import { productName } from '../../../contract/app-config.ts'
import { businessPaths, invitationPreviewSchema } from '../../../contract/businesses.ts'
import { errorCode, errorMessage } from '../../api/error-messages.ts'
import { Button, buttonClass } from '../../ui/button/button.tsx'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import styles from '../auth/auth.module.css'
import { AuthHeader } from '../auth/auth-header.tsx'
import { SignInForm } from '../auth/login-screen.tsx'
import { useAuthCalls } from '../auth/use-auth-calls.ts'

/**
 * /invite/{id} before its visitor signed in: who invites to which business (GET /v1/invitations/{id}), the
 * sign-in form with the invited address filled in, and "Create an account" for that address. Either way the
 * visitor comes back here signed in, where the invitation dialog asks them to join (SPEC §6). An invitation
 * that is no longer open says so and what to do.
 */
export function InvitationLanding({ id }: { id: string }) {
  const { api } = useRouteContext({ from: '__root__' })
  const { i18n } = useLingui()
  const preview = useQuery({
    queryKey: ['invitation', id],
    queryFn: async () => v.parse(invitationPreviewSchema, await api.request(businessPaths.invitation(id))),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  })
  if (preview.isPending) {
    return (
      <div className={styles.center} aria-busy="true">
        <AuthHeader title={<Trans>Opening your invitation…</Trans>} />
      </div>
    )
  }
  if (preview.isError) {
    if (errorCode(preview.error) === 'business.invitation_not_found') return <InvitationGone />
    return (
      <div className={styles.center}>
        <AuthHeader title={<Trans>We could not open your invitation</Trans>} />
        <FormAlert>{i18n._(errorMessage(errorCode(preview.error)))}</FormAlert>
        <Button size="lg" block onClick={() => void preview.refetch()}>
          <Trans>Try again</Trans>
        </Button>
      </div>
    )
  }
  const { inviter, business, email } = preview.data
  const here = `/invite/${id}`
  return (
    <>
      <AuthHeader
        title={
          inviter ? (
            <Trans>
              {inviter} invites you to join {business}
            </Trans>
          ) : (
            <Trans>You are invited to join {business}</Trans>
          )
        }
      >
        <Trans>
          As a member you sign on the business's account with your colleagues. Sign in, or create your{' '}
          {productName} account, and then accept the invitation.
        </Trans>
      </AuthHeader>
      <SignInForm email={email} redirect={here} />
      <CreateAccount email={email} redirect={here} />
    </>
  )
}

/** "Create an account" for the invited address: the confirmation link it mails comes back to `redirect`. */
function CreateAccount({ email, redirect }: { email: string; redirect: string }) {
  const { i18n } = useLingui()
  const calls = useAuthCalls()
  const navigate = useNavigate()
  const headingId = useId()
  const request = useMutation({
    mutationFn: async () => {
      const confirm = `/signup/confirm?${new URLSearchParams({ redirect })}`
      await calls.requestConfirmation({ email, flow: 'signup', lang: i18n.locale, confirm })
      await navigate({ to: '/signup/mail-sent', search: { email } })
    },
  })
  return (
    <section className={styles.alternative} aria-labelledby={headingId}>
      <p className={styles.divider}>
        <Trans>or</Trans>
      </p>
      <h2 id={headingId}>
        <Trans>New to {productName}?</Trans>
      </h2>
      <p className={styles.note}>
        <Trans>
          We send a link to <span className={styles.address}>{email}</span> to confirm your address. Then you
          create your account and accept the invitation.
        </Trans>
      </p>
      {request.isError ? <FormAlert>{i18n._(errorMessage(errorCode(request.error)))}</FormAlert> : null}
      <Button
        variant="secondary"
        size="lg"
        block
        disabled={request.isPending}
        onClick={() => request.mutate()}
      >
        {request.isPending ? <Trans>Sending…</Trans> : <Trans>Create an account</Trans>}
      </Button>
    </section>
  )
}

/** An invitation that was withdrawn, declined or already used: nothing to accept, and what to do instead. */
function InvitationGone() {
  return (
    <div className={styles.center}>
      <AuthHeader title={<Trans>This invitation is no longer open</Trans>}>
        <Trans>
          It was withdrawn, declined or already used. Ask the person who invited you to send a new invitation.
          If you already joined the business, sign in to work in it.
        </Trans>
      </AuthHeader>
      <Link to="/login" className={buttonClass({ size: 'lg', block: true })}>
        <Trans>Sign in</Trans>
      </Link>
    </div>
  )
}
