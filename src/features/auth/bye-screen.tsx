import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useEffect } from 'react'
import { productName } from '../../../contract/app-config.ts'
import { accountDeletedKey } from '../../lib/account-deleted.ts'
import { buttonClass } from '../../ui/button/button.tsx'
import styles from './auth.module.css'
import { AuthHeader } from './auth-header.tsx'

/** /bye (SPEC §6): shown once, right after the account was deleted. */
export function ByeScreen() {
  const product = productName
  useEffect(() => {
    // The guard lets /bye in only while this key is set; the next visit goes home.
    sessionStorage.removeItem(accountDeletedKey)
  }, [])
  return (
    <div className={styles.center}>
      <AuthHeader title={<Trans>Your account has been deleted</Trans>}>
        <Trans>Your account and its data have been removed. Thank you for having used {product}.</Trans>
      </AuthHeader>
      <Link to="/signup" className={buttonClass({ variant: 'secondary', size: 'lg', block: true })}>
        <Trans>Create a new account</Trans>
      </Link>
    </div>
  )
}
