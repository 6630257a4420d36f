import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import type { Layout as LayoutName } from '../../../machines/route-access/route-access.types.ts'
import { Brand } from './brand.tsx'
import { LanguageSwitch } from './language-switch.tsx'
import styles from './layout.module.css'
import { mainContentId } from './skip-link.tsx'

function Header({ children, directSign }: { children?: ReactNode; directSign: boolean }) {
  const { t } = useLingui()
  return (
    <header className={styles.header}>
      <Brand />
      <nav className={styles.nav} aria-label={t`Main`}>
        {children}
        <LanguageSwitch directSign={directSign} />
      </nav>
    </header>
  )
}

/**
 * Wraps a screen in the SPEC §2 layout its route names; `nav` holds the signed-in user's links
 * in the header of the main and admin layouts, `sidebar` the admin layout's section links (a row
 * on narrow screens); `directSign` offers Italian in the language switch.
 */
export function Layout({
  name,
  nav,
  sidebar,
  directSign = false,
  children,
}: {
  name: LayoutName
  nav?: ReactNode
  sidebar?: ReactNode
  directSign?: boolean
  children: ReactNode
}) {
  const { t } = useLingui()
  switch (name) {
    case 'none':
      return (
        <main id={mainContentId} tabIndex={-1} className={styles.shell}>
          {children}
        </main>
      )
    case 'simple':
      return (
        <div className={styles.shell}>
          <Header directSign={directSign} />
          <main id={mainContentId} tabIndex={-1} className={styles.simpleMain}>
            <div className={styles.card}>{children}</div>
          </main>
        </div>
      )
    case 'unauthenticated':
      return (
        <div className={styles.split}>
          <aside className={styles.splitBrand}>
            <div className={styles.splitTop}>
              <Brand />
              <LanguageSwitch directSign={directSign} />
            </div>
            <p className={styles.splitTagline}>
              <Trans>Sign documents and collect signatures, with signatures any validator accepts.</Trans>
            </p>
          </aside>
          <main id={mainContentId} tabIndex={-1} className={styles.splitContent}>
            <div className={styles.card}>{children}</div>
          </main>
        </div>
      )
    case 'admin':
      return (
        <div className={styles.shell}>
          <Header directSign={directSign}>{nav}</Header>
          <div className={styles.adminBody}>
            <nav className={styles.sidebar} aria-label={t`Business`}>
              {sidebar}
            </nav>
            <main id={mainContentId} tabIndex={-1} className={styles.main}>
              {children}
            </main>
          </div>
        </div>
      )
    case 'main':
      return (
        <div className={styles.shell}>
          <Header directSign={directSign}>{nav}</Header>
          <main id={mainContentId} tabIndex={-1} className={styles.main}>
            {children}
          </main>
        </div>
      )
  }
}
