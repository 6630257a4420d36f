import { Trans } from '@lingui/react/macro'
import styles from './layout.module.css'

/** The id of every layout's `<main>`, which the skip link leads to. */
export const mainContentId = 'main'

/**
 * The first stop of the keyboard on every page: hidden until focused, it moves the focus past the
 * header and banners to the page's main content.
 */
export function SkipLink() {
  return (
    <a
      href={`#${mainContentId}`}
      className={styles.skipLink}
      onClick={(event) => {
        event.preventDefault()
        document.getElementById(mainContentId)?.focus()
      }}
    >
      <Trans>Skip to main content</Trans>
    </a>
  )
}
