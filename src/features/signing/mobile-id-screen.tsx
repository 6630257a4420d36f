import { Trans } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { Link, useRouteContext } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { useMemo } from 'react'
import { userAttribute, useUser } from '../../api/user.ts'
import { inspect } from '../../lib/inspect.ts'
import { Button } from '../../ui/button/button.tsx'
import profile from '../profile/profile.module.css'
import styles from './mobile-id.module.css'
import { mobileIdLogic } from './mobile-id-calls.ts'
import { MobileIdForm } from './mobile-id-form.tsx'

/**
 * /profile/signature-standards/mobile-id: the user registers the mobile number their qualified signatures
 * are confirmed with. The number gets a code by SMS; the code back makes it the user's `mobile`. Coming from
 * a request (`signatureRequestId`), a link leads back to it.
 */
export function MobileIdScreen({ signatureRequestId }: { signatureRequestId?: string }) {
  const { api } = useRouteContext({ from: '__root__' })
  const queryClient = useQueryClient()
  const { data: user } = useUser(api)
  const current = userAttribute(user, 'mobile')
  const logic = useMemo(() => mobileIdLogic(api, queryClient), [api, queryClient])
  const actor = useActorRef(logic, { inspect })
  const registered = useSelector(actor, (s) => (s.matches('registered') ? s.context.registered : undefined))

  return (
    <div className={profile.page}>
      <Link to="/profile/signature-standards" className={profile.back}>
        <Trans>Back to your signature standards</Trans>
      </Link>
      <header className={profile.header}>
        <h1>
          <Trans>Mobile number for qualified signing</Trans>
        </h1>
        <p className={profile.lead}>
          <Trans>
            Each qualified electronic signature is confirmed with a one-time password we send to your mobile
            phone by SMS.
          </Trans>
        </p>
      </header>

      {registered ? (
        <section className={profile.card} aria-live="polite">
          <h2>
            <Trans>Your mobile number is registered</Trans>
          </h2>
          <p className={styles.text}>
            <Trans>Qualified signatures are now confirmed by SMS to {registered}.</Trans>
          </p>
          <div className={styles.actions}>
            {signatureRequestId ? (
              <Link to="/view/$srid" params={{ srid: signatureRequestId }}>
                <Trans>Back to the document to sign</Trans>
              </Link>
            ) : null}
            <Button variant="secondary" onClick={() => actor.send({ type: 'number.change' })}>
              <Trans>Change the number</Trans>
            </Button>
          </div>
        </section>
      ) : (
        <section className={profile.card}>
          <h2>
            <Trans>Your mobile number</Trans>
          </h2>
          {current ? (
            <p className={styles.text}>
              <Trans>
                Qualified signatures are confirmed by SMS to {current}. Enter another number to change it.
              </Trans>
            </p>
          ) : null}
          <MobileIdForm actor={actor} className={styles.form} />
        </section>
      )}
    </div>
  )
}
