import { Trans } from '@lingui/react/macro'
import { useRouter } from '@tanstack/react-router'
import { Button } from '../../ui/button/button.tsx'
import styles from './auth.module.css'
import { AuthHeader } from './auth-header.tsx'

/** /cookiesblocked (SPEC §6): cookies are needed; once they are on, trying again goes home. */
export function CookiesBlockedScreen() {
  const router = useRouter()
  return (
    <div className={styles.center}>
      <AuthHeader title={<Trans>Please enable cookies</Trans>}>
        <Trans>
          We need cookies to keep you signed in and your documents safe. Allow cookies for this site in your
          browser settings, then try again.
        </Trans>
      </AuthHeader>
      {/* The root guard sends a visitor with cookies on away from this page. */}
      <Button size="lg" block onClick={() => void router.invalidate()}>
        <Trans>Try again</Trans>
      </Button>
    </div>
  )
}
