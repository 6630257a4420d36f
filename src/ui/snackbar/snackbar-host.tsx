import { useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { type PointerEvent, useRef, useState } from 'react'
import type { Snackbar, SnackbarQueueContext } from '../../../machines/snackbar/snackbar.types.ts'
import { isSwipeDismiss } from '../../../machines/snackbar/snackbar-swipe.ts'
import type { SnackbarQueueActor } from './show-snackbar.ts'
import styles from './snackbar.module.css'

const current = (snapshot: { context: SnackbarQueueContext }) => snapshot.context.current

function SnackbarCard({ snackbar, onClose }: { snackbar: Snackbar; onClose: () => void }) {
  const { i18n, t } = useLingui()
  const dismissible = snackbar.dismissible !== false
  const start = useRef<number | null>(null)
  const [offset, setOffset] = useState(0)
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (!dismissible || (event.target as HTMLElement).closest('button')) return
    start.current = event.clientX
    event.currentTarget.setPointerCapture(event.pointerId)
  }
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (start.current !== null) setOffset(event.clientX - start.current)
  }
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (start.current === null) return
    const distance = event.clientX - start.current
    start.current = null
    setOffset(0)
    if (isSwipeDismiss(distance)) onClose()
  }
  return (
    <div
      className={styles.snackbar}
      data-color={snackbar.color}
      data-action={snackbar.action ? '' : undefined}
      data-testid="snackbar"
      role={snackbar.color === 'error' ? 'alert' : 'status'}
      style={
        offset
          ? { transform: `translateX(${offset}px)`, opacity: Math.max(0.3, 1 - Math.abs(offset) / 200) }
          : undefined
      }
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => {
        start.current = null
        setOffset(0)
      }}
    >
      <p className={styles.message}>{i18n._(snackbar.message, snackbar.values)}</p>
      {snackbar.action || dismissible ? (
        <div className={styles.buttons}>
          {snackbar.action ? (
            <button type="button" className={styles.action} onClick={snackbar.action.handler}>
              {i18n._(snackbar.action.text)}
            </button>
          ) : null}
          {dismissible ? (
            <button type="button" className={styles.close} aria-label={t`Close`} onClick={onClose}>
              <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  )
}

/**
 * Shows the snackbar queue's current snackbar (SPEC §4, §9): one at a time, with a close button
 * and swipe to dismiss when dismissible; the queue machine times it out. Rendered once, in the
 * root layout; the live region stays mounted so screen readers hear each message.
 */
export function SnackbarHost({ actor }: { actor: SnackbarQueueActor }) {
  const snackbar = useSelector(actor, current)
  return (
    <div className={styles.region}>
      {snackbar ? (
        <SnackbarCard
          key={snackbar.id}
          snackbar={snackbar}
          onClose={() => actor.send({ type: 'snackbar.close' })}
        />
      ) : null}
    </div>
  )
}
