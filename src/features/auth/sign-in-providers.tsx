import { useLingui } from '@lingui/react/macro'
import { useRouteContext } from '@tanstack/react-router'
import type { SignInProvider } from '../../../contract/sign-in-providers.ts'
import { buttonClass } from '../../ui/button/button.tsx'
import styles from './auth.module.css'

// The server's start of single sign-on (server/sso/sso-paths.ts), written out: the contract's path builders
// would add a chunk to /login, whose JavaScript has a budget (e2e/wire.spec.ts).
const startPath = '/api/sso/start?provider='

/** The providers' names, which no language translates; the Swiss e-ID's is translated where it is shown. */
const names: Record<Exclude<SignInProvider, 'swiss-eid'>, string> = {
  google: 'Google',
  microsoft: 'Microsoft',
  swissid: 'SwissID',
  eidplus: 'eID+',
}

/**
 * /login's sign-in providers (SPEC §9), those the deployment offers: each a link with the provider's mark
 * (an SVG of public/sign-in/ that auth.module.css draws by `data-provider`, so /login's JavaScript stays within
 * its budget) to the server's start of the
 * sign-in there, which leaves the app for the provider.
 */
export function SignInProviders() {
  const { appConfig } = useRouteContext({ from: '__root__' })
  const { t } = useLingui()
  if (appConfig.signInProviders.length === 0) return null
  return (
    <nav className={styles.form} aria-label={t`Sign-in providers`}>
      {appConfig.signInProviders.map((provider) => {
        const name = provider === 'swiss-eid' ? t`the Swiss e-ID` : names[provider]
        return (
          <a
            key={provider}
            className={buttonClass({ variant: 'secondary', size: 'lg', block: true })}
            href={`${startPath}${provider}`}
            data-provider={provider}
          >
            {t`Continue with ${name}`}
          </a>
        )
      })}
    </nav>
  )
}
