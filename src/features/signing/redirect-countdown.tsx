import { Plural, Trans } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import type { SnapshotFrom } from 'xstate'
import type { redirectMachine } from '../../../machines/redirect/redirect.machine.ts'
import { Button } from '../../ui/button/button.tsx'
import styles from './signing.module.css'
import type { RedirectActor } from './use-exit-redirect.ts'

const countdownView = (snapshot: SnapshotFrom<typeof redirectMachine>) => ({
  counting: snapshot.matches('countingDown'),
  leaving: snapshot.matches('leaving'),
  remaining: snapshot.context.remaining,
})

/** The post-signing countdown (SPEC §4): seconds left, and leaving now or staying instead. */
export function RedirectCountdown({ actor }: { actor: RedirectActor }) {
  const { counting, leaving, remaining } = useSelector(actor, countdownView)
  if (leaving) {
    return (
      <div className={styles.countdown} role="status">
        <p>
          <Trans>Taking you back…</Trans>
        </p>
      </div>
    )
  }
  if (!counting) return null
  return (
    <div className={styles.countdown} data-countdown>
      <p role="timer" aria-atomic="true">
        <Plural
          value={remaining}
          one="You will be taken back in # second."
          other="You will be taken back in # seconds."
        />
      </p>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => actor.send({ type: 'redirect.cancel' })}>
          <Trans>Stay here</Trans>
        </Button>
        <Button onClick={() => actor.send({ type: 'redirect.leaveNow' })}>
          <Trans>Go back now</Trans>
        </Button>
      </div>
    </div>
  )
}
