import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { buttonClass } from '../../ui/button/button.tsx'
import styles from './auth.module.css'
import { AuthHeader } from './auth-header.tsx'

/** A used, expired or unknown signup link: say so and offer a new one from `start`. */
export function SignupLinkInvalid({
  start = '/signup',
}: {
  start?: '/signup' | '/signup/flows/eidplus/new'
}) {
  return (
    <div className={styles.center}>
      <AuthHeader title={<Trans>This link is not valid any more</Trans>}>
        <Trans>Links to confirm your address are valid for 24 hours and can be used once.</Trans>
      </AuthHeader>
      <Link to={start} className={buttonClass({ size: 'lg', block: true })}>
        <Trans>Request a new link</Trans>
      </Link>
    </div>
  )
}
