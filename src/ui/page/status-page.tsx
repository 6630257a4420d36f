import type { ReactNode } from 'react'
import { LostIllustration } from './lost-illustration.tsx'
import styles from './page.module.css'
import { ServerErrorIllustration } from './server-error-illustration.tsx'

/** A full page that tells the user where they are when something is not as expected. */
export function StatusPage({
  title,
  children,
  actions,
  illustration = 'lost',
}: {
  title: ReactNode
  children?: ReactNode
  actions?: ReactNode
  /** The lost document of a 404 and of links that lead nowhere, the server's fault, or none. @default 'lost' */
  illustration?: 'lost' | 'serverError' | false
}) {
  return (
    <section className={styles.status}>
      {illustration === 'lost' ? <LostIllustration className={styles.illustration} /> : null}
      {illustration === 'serverError' ? <ServerErrorIllustration className={styles.illustration} /> : null}
      <h1>{title}</h1>
      {children}
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </section>
  )
}
