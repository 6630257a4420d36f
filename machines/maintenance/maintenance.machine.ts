import { assign, type DoneActorEvent, fromPromise, setup } from 'xstate'
import { MAINTENANCE_POLL_INTERVAL_MS } from './maintenance.constants.ts'
import type {
  MaintenanceContext,
  MaintenanceEvent,
  MaintenanceFetchOutput,
  MaintenanceInput,
  MaintenanceNotice,
} from './maintenance.types.ts'
import { maintenanceNotice } from './maintenance-notice.ts'

type NoticeParams = { notice: MaintenanceNotice | null }

const fetchedNotice = ({
  context,
  event,
}: {
  context: MaintenanceContext
  event: DoneActorEvent<MaintenanceFetchOutput>
}): NoticeParams => ({ notice: maintenanceNotice(event.output, new RegExp(context.blockingGroupPattern)) })

const sameNotice = (a: MaintenanceNotice | null, b: MaintenanceNotice | null) =>
  a === b || (a !== null && b !== null && a.url === b.url && a.isBlocking === b.isBlocking)

const knownNotice = ({ context }: { context: MaintenanceContext }): NoticeParams => ({
  notice: context.notice,
})

// Fetches the status page and settles as its notice says; a failed fetch is only logged, by the caller's actor
// (SPEC §8), and the last known notice stays.
const checking = {
  invoke: {
    id: 'fetchStatus',
    src: 'fetchStatus',
    onDone: [
      {
        guard: { type: 'isBlocking', params: fetchedNotice },
        target: 'settled.blocking',
        actions: { type: 'setNotice', params: fetchedNotice },
      },
      {
        guard: { type: 'hasNotice', params: fetchedNotice },
        target: 'settled.notice',
        actions: { type: 'setNotice', params: fetchedNotice },
      },
      { target: 'settled.none', actions: { type: 'setNotice', params: { notice: null } } },
    ],
    onError: [
      { guard: { type: 'isBlocking', params: knownNotice }, target: 'settled.blocking' },
      { guard: { type: 'hasNotice', params: knownNotice }, target: 'settled.notice' },
      { target: 'settled.none' },
    ],
  },
} as const

const settledStates = { initial: 'none', states: { none: {}, notice: {}, blocking: {} } } as const

/**
 * Maintenance status (SPEC §4, §9). Nothing is checked until the session is known. While signed in, the
 * status page is fetched at once and then every 60 s; a visitor is checked once, and again when asked
 * (`maintenance.recheck`, the /maintenance screen), so a blocking maintenance already shows on the login
 * page. Each check settles the status as none, notice (a banner) or blocking (the /maintenance page); the
 * last known notice stays while the next check runs, across signing in or out too.
 */
export const maintenanceMachine = setup({
  types: {
    context: {} as MaintenanceContext,
    events: {} as MaintenanceEvent,
    input: {} as MaintenanceInput,
  },
  actors: {
    fetchStatus: fromPromise<MaintenanceFetchOutput>(() =>
      Promise.reject(new Error('maintenance.fetch_status_not_provided')),
    ),
  },
  actions: {
    // The same notice keeps its identity, so whoever compares notices sees a change only when there is one.
    setNotice: assign(({ context }, params: NoticeParams) => ({
      notice: sameNotice(context.notice, params.notice) ? context.notice : params.notice,
    })),
  },
  guards: {
    isBlocking: (_, params: NoticeParams) => params.notice?.isBlocking === true,
    hasNotice: (_, params: NoticeParams) => params.notice !== null,
  },
  delays: {
    pollInterval: MAINTENANCE_POLL_INTERVAL_MS,
  },
}).createMachine({
  id: 'maintenance',
  context: ({ input }) => ({ blockingGroupPattern: input.blockingGroupPattern, notice: null }),
  initial: 'awaitingSession',
  states: {
    awaitingSession: {
      on: { 'session.signIn': 'signedIn', 'session.signOut': 'signedOut' },
    },
    signedOut: {
      on: { 'session.signIn': 'signedIn' },
      initial: 'checking',
      states: {
        checking,
        settled: { ...settledStates, on: { 'maintenance.recheck': 'checking' } },
      },
    },
    signedIn: {
      on: { 'session.signOut': 'signedOut' },
      initial: 'checking',
      states: {
        checking,
        settled: { ...settledStates, after: { pollInterval: 'checking' } },
      },
    },
  },
})
