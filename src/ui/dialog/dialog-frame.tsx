import { Dialog } from '@ark-ui/react/dialog'
import type { FormEvent, ReactNode } from 'react'
import styles from './dialog.module.css'

/** The parts of every dialog: its title, what it is about, its body and its buttons. */
export function DialogFrame({
  title,
  description,
  children,
  actions,
  onSubmit,
}: {
  title: ReactNode
  description?: ReactNode
  children?: ReactNode
  /** The buttons, the primary action last. */
  actions: ReactNode
  /** Makes the dialog a form (Enter submits) that calls this; the browser's own validation is off. */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void
}) {
  const parts = (
    <>
      <Dialog.Title className={styles.title}>{title}</Dialog.Title>
      {description ? (
        <Dialog.Description className={styles.description}>{description}</Dialog.Description>
      ) : null}
      {children ? <div className={styles.body}>{children}</div> : null}
      <div className={styles.actions}>{actions}</div>
    </>
  )
  return onSubmit ? (
    <form className={styles.frame} onSubmit={onSubmit} noValidate>
      {parts}
    </form>
  ) : (
    <div className={styles.frame}>{parts}</div>
  )
}
