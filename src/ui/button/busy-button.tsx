import styles from './busy-button.module.css'
import { Button, type ButtonProps } from './button.tsx'

/**
 * A button that shows a spinner and refuses clicks while its action runs (SPEC §4 loading flag). While busy
 * it stays focusable (`aria-disabled`, not `disabled`), so the focus that a dialog it opened gives back on
 * closing lands on it, not on the page's body.
 */
export function BusyButton({ busy, children, disabled, onClick, ...rest }: ButtonProps & { busy: boolean }) {
  return (
    <Button
      {...rest}
      disabled={disabled}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      onClick={busy ? (event) => event.preventDefault() : onClick}
    >
      {busy ? <span className={styles.spinner} aria-hidden="true" /> : null}
      {children}
    </Button>
  )
}
