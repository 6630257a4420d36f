import { type ActorRefFrom, createActor, fromPromise, type SnapshotFrom, waitFor } from 'xstate'
import { maintenanceMachine } from '../../../machines/maintenance/maintenance.machine.ts'
import { selectNotice } from '../../../machines/maintenance/maintenance.selectors.ts'
import type { MaintenanceNotice } from '../../../machines/maintenance/maintenance.types.ts'
import type { StatusPageData } from '../../../machines/maintenance/status-page.types.ts'
import {
  type SessionSnapshot,
  selectIsSettled,
  selectIsSignedIn,
} from '../../../machines/session/session.selectors.ts'
import type { SessionActor } from '../../app/session.ts'
import { inspect } from '../../lib/inspect.ts'

/** The running maintenance machine. */
type MaintenanceActor = ActorRefFrom<typeof maintenanceMachine>

/** The app's maintenance status, as the banner, the /maintenance screen and the route guard read it. */
export interface MaintenanceStatus {
  /** The maintenance machine, which polls the status page while the session is signed in; screens read its notice with `selectNotice`. */
  actor: MaintenanceActor
  /** Settles once the check at start has answered (or failed, or taken longer than `readyTimeoutMs`). */
  ready: Promise<void>
  /** The notice that applies now; null when nothing is under way (SPEC §4: default state none). */
  notice(): MaintenanceNotice | null
  /** A blocking maintenance is in progress; the internal staff cookie is the caller's to check. */
  isBlocking(): boolean
  /** Checks the status page again for a signed-out visitor; signed in, the machine polls by itself. Settles once answered. */
  recheck(): Promise<void>
  stop(): void
}

/** Options of {@link startMaintenance}. */
export interface MaintenanceOptions {
  /** Reads the status page (`GET /v1/status`). */
  fetchStatus: () => Promise<StatusPageData>
  session: SessionActor
  /** Source of the regular expression naming the blocking component groups (from the app config). */
  blockingGroupPattern: string
  /** The check at start, when the caller has already started it. @default fetchStatus() */
  firstCheck?: Promise<StatusPageData>
  /** @default 2000 */
  readyTimeoutMs?: number
  /** SPEC §8: a failed status-page fetch is logged only. @default console.warn */
  log?: (message: string, error: unknown) => void
}

/**
 * Starts the maintenance machine (machines/maintenance: polled every 60 s while signed in, a visitor checked
 * once and on request) and follows the session into it. The check at start, begun before the session is
 * known, is the machine's first, signed in or out.
 */
export function startMaintenance({
  fetchStatus,
  session,
  blockingGroupPattern,
  firstCheck,
  readyTimeoutMs = 2000,
  log = (message, error) => console.warn(message, error),
}: MaintenanceOptions): MaintenanceStatus {
  // A check at start that fails before the machine takes it is logged here and not taken: the machine asks anew.
  let unclaimedStartCheck: Promise<StatusPageData> | undefined = firstCheck ?? fetchStatus()
  const startCheck = unclaimedStartCheck
  startCheck.catch((error: unknown) => {
    if (unclaimedStartCheck !== startCheck) return
    unclaimedStartCheck = undefined
    log('The status page could not be checked', error)
  })
  const claimStartCheck = () => {
    const check = unclaimedStartCheck
    unclaimedStartCheck = undefined
    return check
  }

  const actor = createActor(
    maintenanceMachine.provide({
      actors: {
        fetchStatus: fromPromise(() =>
          (claimStartCheck() ?? fetchStatus()).catch((error: unknown) => {
            log('The status page could not be checked', error)
            throw error
          }),
        ),
      },
    }),
    { input: { blockingGroupPattern }, inspect },
  ).start()
  const isSettled = (snapshot: SnapshotFrom<typeof maintenanceMachine>) =>
    snapshot.matches({ signedIn: 'settled' }) || snapshot.matches({ signedOut: 'settled' })
  const settled = () =>
    waitFor(actor, isSettled, { timeout: readyTimeoutMs }).then(
      () => undefined,
      () => undefined,
    )

  const followSession = (snapshot: SessionSnapshot) => {
    if (selectIsSettled(snapshot))
      actor.send({ type: selectIsSignedIn(snapshot) ? 'session.signIn' : 'session.signOut' })
  }
  const sessionSubscription = session.subscribe(followSession)
  followSession(session.getSnapshot())

  const notice = () => selectNotice(actor.getSnapshot())
  return {
    actor,
    ready: settled(),
    notice,
    isBlocking: () => notice()?.isBlocking === true,
    recheck: () => {
      actor.send({ type: 'maintenance.recheck' })
      return settled()
    },
    stop() {
      sessionSubscription.unsubscribe()
      actor.stop()
    },
  }
}
