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

const knownNotice = ({ context }: { context: MaintenanceContext }): NoticeParams => ({
  notice: context.notice,
})

/**
 * Maintenance status (SPEC §4, §9): while signed in, the status page is fetched at once and then
 * every 60 s, and its notice settles the status as none, notice (a banner) or blocking (the
 * /maintenance page). Signing out stops polling and returns to none.
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
    setNotice: assign((_, params: NoticeParams) => ({ notice: params.notice })),
    clearNotice: assign({ notice: null }),
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
  initial: 'signedOut',
  states: {
    signedOut: {
      entry: 'clearNotice',
      on: { 'session.signIn': 'signedIn' },
    },
    signedIn: {
      on: { 'session.signOut': 'signedOut' },
      initial: 'checking',
      states: {
        checking: {
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
              { target: 'settled.none', actions: 'clearNotice' },
            ],
            // A failed fetch is only logged, by the caller's actor (SPEC §8); the last known status stays.
            onError: [
              { guard: { type: 'isBlocking', params: knownNotice }, target: 'settled.blocking' },
              { guard: { type: 'hasNotice', params: knownNotice }, target: 'settled.notice' },
              { target: 'settled.none' },
            ],
          },
        },
        settled: {
          after: { pollInterval: 'checking' },
          initial: 'none',
          states: {
            none: {},
            notice: {},
            blocking: {},
          },
        },
      },
    },
  },
})
