import { Trans } from '@lingui/react/macro'
import { useRouteContext } from '@tanstack/react-router'
import styles from './terms-link.module.css'

/**
 * A link to the general terms being accepted, where the deployment names them (TERMS_URL); they open in
 * a new tab, so a form or dialog in progress stays as it is.
 */
export function TermsLink() {
  const { appConfig } = useRouteContext({ from: '__root__' })
  if (appConfig.termsUrl === undefined) return null
  return (
    <a className={styles.link} href={appConfig.termsUrl} target="_blank" rel="noopener noreferrer">
      <Trans>Read the general terms and conditions</Trans>
      <span className="visually-hidden">
        {' '}
        <Trans>(opens in a new tab)</Trans>
      </span>
    </a>
  )
}
