import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useNavigate, useRouteContext } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useId, useMemo } from 'react'
import * as v from 'valibot'
import { fromPromise, type SnapshotFrom } from 'xstate'
import { productName } from '../../../contract/app-config.ts'
import { businessPaths, invitationPreviewSchema } from '../../../contract/businesses.ts'
import { invitationMachine } from '../../../machines/invitation/invitation.machine.ts'
import { errorMessage } from '../../api/error-messages.ts'
import { inspect } from '../../lib/inspect.ts'
import { Button, buttonClass } from '../../ui/button/button.tsx'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import styles from '../auth/auth.module.css'
import { AuthHeader } from '../auth/auth-header.tsx'
import { SignInForm } from '../auth/login-screen.tsx'
import { useAuthCalls } from '../auth/use-auth-calls.ts'

const landingView = (snapshot: SnapshotFrom<typeof invitationMachine>) => ({
  step: snapshot.matches('gone')
    ? ('gone' as const)
    : snapshot.matches('failed')
      ? ('failed' as const)
      : snapshot.matches('linkSent')
        ? ('linkSent' as const)
        : ('open' as const),
  requesting: !snapshot.matches({ open: 'idle' }),
  preview: snapshot.context.preview,
  error: snapshot.context.error,
})

/**
 * /invite/{id} before its visitor signed in, run by the invitation machine: who invites to which business
 * (GET /v1/invitations/{id}), the sign-in form with the invited address filled in, and "Create an account"
 * for that address. Either way the visitor comes back here signed in, where the invitation dialog asks them to
 * join (SPEC §6). An invitation that is no longer open says so and what to do.
 */
export function InvitationLanding({ id }: { id: string }) {
  const { api } = useRouteContext({ from: '__root__' })
  const { i18n } = useLingui()
  const calls = useAuthCalls()
  const navigate = useNavigate()
  const here = `/invite/${id}`
  const logic = useMemo(
    () =>
      invitationMachine.provide({
        actors: {
          loadInvitation: fromPromise(async ({ input }) =>
            v.parse(invitationPreviewSchema, await api.request(businessPaths.invitation(input.id))),
          ),
          requestSignupLink: fromPromise(async ({ input }) => {
            // The confirmation link comes back to this invitation once the account exists.
            const confirm = `/signup/confirm?${new URLSearchParams({ redirect: `/invite/${input.id}` })}`
            await calls.requestConfirmation({
              email: input.email,
              flow: 'signup',
              lang: i18n.locale,
              confirm,
            })
          }),
        },
      }),
    [api, calls, i18n],
  )
  const actor = useActorRef(logic, { input: { id }, inspect })
  const { step, requesting, preview, error } = useSelector(actor, landingView)
  const email = preview?.email
  useEffect(() => {
    if (step === 'linkSent' && email) void navigate({ to: '/signup/mail-sent', search: { email } })
  }, [step, email, navigate])

  if (step === 'gone') return <InvitationGone />
  if (step === 'failed') {
    return (
      <div className={styles.center}>
        <AuthHeader title={<Trans>We could not open your invitation</Trans>} />
        <FormAlert>{i18n._(errorMessage(error ?? ''))}</FormAlert>
        <Button size="lg" block onClick={() => actor.send({ type: 'invitation.retry' })}>
          <Trans>Try again</Trans>
        </Button>
      </div>
    )
  }
  if (!preview) {
    return (
      <div className={styles.center} aria-busy="true">
        <AuthHeader title={<Trans>Opening your invitation…</Trans>} />
      </div>
    )
  }
  const { inviter, business } = preview
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
      <SignInForm email={preview.email} redirect={here} />
      <p className={styles.links}>
        <Link to="/password-reset" search={{ email: preview.email }}>
          <Trans>Forgot your password?</Trans>
        </Link>
      </p>
      <CreateAccount
        email={preview.email}
        requesting={requesting}
        error={error}
        onCreate={() => actor.send({ type: 'invitation.createAccount' })}
      />
    </>
  )
}

/** "Create an account" for the invited address: its confirmation link is mailed at once. */
function CreateAccount({
  email,
  requesting,
  error,
  onCreate,
}: {
  email: string
  requesting: boolean
  error: string | null
  onCreate: () => void
}) {
  const { i18n } = useLingui()
  const headingId = useId()
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
      {error ? <FormAlert>{i18n._(errorMessage(error))}</FormAlert> : null}
      <Button variant="secondary" size="lg" block disabled={requesting} onClick={onCreate}>
        {requesting ? <Trans>Sending…</Trans> : <Trans>Create an account</Trans>}
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
