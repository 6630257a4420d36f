import type { ReactNode } from 'react'
import { LostIllustration } from './lost-illustration.tsx'
import styles from './page.module.css'

/** A full page that tells the user where they are when something is not as expected. */
export function StatusPage({
  title,
  children,
  actions,
  illustration = true,
}: {
  title: ReactNode
  children?: ReactNode
  actions?: ReactNode
  /** @default true */
  illustration?: boolean
}) {
  return (
    <section className={styles.status}>
      {illustration ? <LostIllustration className={styles.illustration} /> : null}
      <h1>{title}</h1>
      {children}
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </section>
  )
}
