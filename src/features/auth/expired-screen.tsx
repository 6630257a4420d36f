import { Trans } from '@lingui/react/macro'
import { getRouteApi, Link } from '@tanstack/react-router'
import { buttonClass } from '../../ui/button/button.tsx'
import styles from './auth.module.css'
import { AuthHeader } from './auth-header.tsx'

const route = getRouteApi('/expired')

/** /expired (SPEC §2): the session ran out; signing in again returns to where the user was. */
export function ExpiredScreen() {
  const { redirect } = route.useSearch()
  return (
    <div className={styles.center}>
      <AuthHeader title={<Trans>Your session has expired</Trans>}>
        <Trans>
          For your security, sessions end after 24 hours, or 48 hours if you chose to stay signed in.
        </Trans>
      </AuthHeader>
      <Link
        to="/login"
        search={redirect ? { redirect } : {}}
        className={buttonClass({ size: 'lg', block: true })}
      >
        <Trans>Sign in again</Trans>
      </Link>
    </div>
  )
}
