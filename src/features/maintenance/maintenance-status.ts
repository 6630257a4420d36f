import { type ActorRefFrom, createActor, fromPromise } from 'xstate'
import { maintenanceMachine } from '../../../machines/maintenance/maintenance.machine.ts'
import type { MaintenanceNotice } from '../../../machines/maintenance/maintenance.types.ts'
import { maintenanceNotice } from '../../../machines/maintenance/maintenance-notice.ts'
import type { StatusPageData } from '../../../machines/maintenance/status-page.types.ts'
import {
  type SessionSnapshot,
  selectIsSettled,
  selectIsSignedIn,
} from '../../../machines/session/session.selectors.ts'
import type { SessionActor } from '../../app/session.ts'

/** The running maintenance machine. */
type MaintenanceActor = ActorRefFrom<typeof maintenanceMachine>

/** The app's maintenance status, as the banner, the /maintenance screen and the route guard read it. */
export interface MaintenanceStatus {
  /** The maintenance machine, which polls the status page while the session is signed in. */
  actor: MaintenanceActor
  /** Settles once the check at start has answered (or failed, or taken longer than `readyTimeoutMs`). */
  ready: Promise<void>
  /** The notice that applies now; null when nothing is under way (SPEC §4: default state none). */
  notice(): MaintenanceNotice | null
  /** A blocking maintenance is in progress; the internal staff cookie is the caller's to check. */
  isBlocking(): boolean
  /** Checks the status page again for a signed-out visitor; signed in, the machine polls by itself. */
  recheck(): Promise<void>
  /** Calls `listener` whenever the notice changes; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void
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

const sameNotice = (a: MaintenanceNotice | null, b: MaintenanceNotice | null) =>
  a === b || (a !== null && b !== null && a.url === b.url && a.isBlocking === b.isBlocking)

/**
 * Starts the maintenance machine (SPEC §4: polled every 60 s while signed in) and follows the session
 * into it. A visitor is not polled, but checked once at start and again after signing out, so a
 * blocking maintenance already shows on the login page.
 */
export function startMaintenance({
  fetchStatus,
  session,
  blockingGroupPattern,
  firstCheck,
  readyTimeoutMs = 2000,
  log = (message, error) => console.warn(message, error),
}: MaintenanceOptions): MaintenanceStatus {
  const pattern = new RegExp(blockingGroupPattern)
  const listeners = new Set<() => void>()
  let current: MaintenanceNotice | null = null
  const update = (notice: MaintenanceNotice | null) => {
    if (sameNotice(current, notice)) return
    current = notice
    for (const listener of listeners) listener()
  }

  const startCheck = firstCheck ?? fetchStatus()
  // The check at start is also the machine's first for a session restored with the page, which would otherwise
  // ask again the moment the user is known. A visitor who signs in later, or a check at start that failed, gets
  // a check of its own.
  let unclaimedStartCheck: Promise<StatusPageData> | undefined = startCheck
  startCheck.catch(() => {
    unclaimedStartCheck = undefined
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
    { input: { blockingGroupPattern } },
  ).start()
  const signedIn = () => actor.getSnapshot().matches('signedIn')
  // Signed out, the machine forgets its notice; the last one stays until the visitor check answers.
  const actorSubscription = actor.subscribe((snapshot) => {
    if (snapshot.matches({ signedIn: 'settled' })) update(snapshot.context.notice)
  })

  async function checkAsVisitor(check: Promise<StatusPageData>) {
    try {
      const data = await check
      // Signed in meanwhile: the machine's own answer counts, and its failures are its own to log.
      if (!signedIn()) update(maintenanceNotice(data, pattern))
    } catch (error) {
      if (!signedIn()) log('The status page could not be checked', error)
    }
  }

  let wasSignedIn = false
  const followSession = (snapshot: SessionSnapshot) => {
    if (!selectIsSettled(snapshot)) return
    const isSignedIn = selectIsSignedIn(snapshot)
    // Settled signed out, the check at start was a visitor's: a later sign-in checks anew.
    if (!isSignedIn) claimStartCheck()
    if (isSignedIn === wasSignedIn) return
    wasSignedIn = isSignedIn
    actor.send({ type: isSignedIn ? 'session.signIn' : 'session.signOut' })
    if (!isSignedIn) void checkAsVisitor(fetchStatus())
  }
  const sessionSubscription = session.subscribe(followSession)
  followSession(session.getSnapshot())

  const started = checkAsVisitor(startCheck)
  const ready = Promise.race([started, new Promise<void>((resolve) => setTimeout(resolve, readyTimeoutMs))])

  return {
    actor,
    ready,
    notice: () => current,
    isBlocking: () => current?.isBlocking === true,
    recheck: () => (signedIn() ? Promise.resolve() : checkAsVisitor(fetchStatus())),
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    stop() {
      sessionSubscription.unsubscribe()
      actorSubscription.unsubscribe()
      actor.stop()
    },
  }
}
