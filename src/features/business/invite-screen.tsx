import { Trans } from '@lingui/react/macro'
import { getRouteApi, Link, useNavigate, useRouteContext } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useEffect, useRef } from 'react'
import { useUser } from '../../api/user.ts'
import { Button, buttonClass } from '../../ui/button/button.tsx'
import styles from './business.module.css'
import { askToJoin, type WaitingInvitation } from './business-notices.tsx'
import { InvitationLanding } from './invitation-landing.tsx'

const route = getRouteApi('/invite/$id')

/**
 * /invite/{id}: the mailed invitation's page. A visitor who is not signed in sees who invites to which
 * business and signs in or creates an account from there ({@link InvitationLanding}); a signed-in invitee
 * is asked at once through the invitation dialog and goes on to their requests once they answered; anyone
 * else learns why there is nothing to answer (already a member, or the invitation is no longer waiting).
 */
export function InviteScreen() {
  const { session } = useRouteContext({ from: '__root__' })
  const { id } = route.useParams()
  const signedIn = useSelector(session, (snapshot) => snapshot.matches('signedIn'))
  return signedIn ? <InvitedAccount /> : <InvitationLanding id={id} />
}

/** The invitation page of a signed-in account. */
function InvitedAccount() {
  const context = useRouteContext({ from: '__root__' })
  const navigate = useNavigate()
  const { data: user } = useUser(context.api)
  const business = user?.business
  const invitation: WaitingInvitation | undefined = business?.invitationId
    ? { id: business.invitationId, businessId: business.id, name: business.name }
    : undefined
  const asked = useRef<string | null>(null)
  const ask = (waiting: WaitingInvitation) =>
    void askToJoin(context, waiting).then((answered) => {
      if (answered) void navigate({ to: '/dashboard', replace: true })
    })
  useEffect(() => {
    if (!invitation || asked.current === invitation.id) return
    asked.current = invitation.id
    ask(invitation)
  })
  if (!user) return null
  if (invitation) {
    return (
      <div className={styles.form}>
        <h1>
          <Trans>{invitation.name} invites you</Trans>
        </h1>
        <p className={styles.lead}>
          <Trans>Join the business account to sign on its account with your colleagues.</Trans>
        </p>
        <Button onClick={() => ask(invitation)}>
          <Trans>Answer the invitation</Trans>
        </Button>
      </div>
    )
  }
  return (
    <div className={styles.form}>
      <h1>
        {business ? (
          <Trans>You are a member of {business.name}</Trans>
        ) : (
          <Trans>No invitation is waiting</Trans>
        )}
      </h1>
      {business ? null : (
        <p className={styles.lead}>
          <Trans>
            This invitation was accepted, declined or withdrawn, or it was sent to another address than{' '}
            {user.email}.
          </Trans>
        </p>
      )}
      <Link to="/dashboard" className={buttonClass({})}>
        <Trans>Go to your requests</Trans>
      </Link>
    </div>
  )
}
