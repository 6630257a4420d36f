import type { ReactNode } from 'react'
import styles from './auth.module.css'

/** The heading of an account screen and the sentence under it. */
export function AuthHeader({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <header className={styles.header}>
      <h1>{title}</h1>
      {children ? <p>{children}</p> : null}
    </header>
  )
}
