import { Trans } from '@lingui/react/macro'
import { Link, useRouteContext } from '@tanstack/react-router'
import { productName } from '../../../contract/app-config.ts'
import { useUser } from '../../api/user.ts'
import { buttonClass } from '../../ui/button/button.tsx'
import styles from './auth.module.css'
import { AuthHeader } from './auth-header.tsx'

/** /welcome (SPEC §2): the first page of a new account. */
export function WelcomeScreen() {
  const { api } = useRouteContext({ from: '__root__' })
  const { data: user } = useUser(api)
  const product = productName
  const name = user?.firstName ?? ''
  return (
    <div className={styles.center}>
      <AuthHeader title={name ? <Trans>Welcome, {name}!</Trans> : <Trans>Welcome!</Trans>}>
        <Trans>
          Your {product} account is ready. Upload a PDF, sign it and ask others to sign, with signatures any
          validator accepts.
        </Trans>
      </AuthHeader>
      <Link to="/dashboard" className={buttonClass({ size: 'lg', block: true })}>
        <Trans>Go to your dashboard</Trans>
      </Link>
    </div>
  )
}
