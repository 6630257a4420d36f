import type { ReactNode } from 'react'
import { LostIllustration } from './lost-illustration.tsx'
import styles from './page.module.css'

/** A full page that tells the user where they are when something is not as expected. */
export function StatusPage({
  title,
  children,
  actions,
  illustration = <LostIllustration />,
}: {
  title: ReactNode
  children?: ReactNode
  actions?: ReactNode
  /**
   * The picture above the title: the lost document of a 404 and of links that lead nowhere, another (the server's
   * fault, given by /sorry, so that it comes with that page's code), or none (`false`). @default the lost document
   */
  illustration?: ReactNode
}) {
  return (
    <section className={styles.status}>
      {illustration}
      <h1>{title}</h1>
      {children}
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </section>
  )
}
