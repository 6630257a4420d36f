import { assign, type DoneActorEvent, fromPromise, setup, stateIn } from 'xstate'
import { SERVER_TIME_MIN_REFRESH_MS } from './server-time.constants.ts'
import type { ServerTimeContext, ServerTimeEvent, ServerTimeFetchOutput } from './server-time.types.ts'

const answer = ({ event }: { event: DoneActorEvent<ServerTimeFetchOutput> }) => event.output

/**
 * The server's time (SPEC §3, §9): fetched on start, then again on request, but no more often than
 * every 2 s; a request inside that window is remembered and served when the window closes. A failed
 * fetch keeps the last known offset.
 */
export const serverTimeMachine = setup({
  types: {
    context: {} as ServerTimeContext,
    events: {} as ServerTimeEvent,
  },
  actors: {
    fetchServerTime: fromPromise<ServerTimeFetchOutput>(() =>
      Promise.reject(new Error('server_time.fetch_not_provided')),
    ),
  },
  actions: {
    setTime: assign((_, params: ServerTimeFetchOutput) => ({
      now: params.now,
      offset: Date.parse(params.now) - params.receivedAt,
    })),
  },
  guards: {
    refreshRequested: stateIn('#serverTime.coolingDown.refreshRequested'),
  },
  delays: {
    minRefreshInterval: SERVER_TIME_MIN_REFRESH_MS,
  },
}).createMachine({
  id: 'serverTime',
  context: { now: null, offset: 0 },
  initial: 'fetching',
  states: {
    fetching: {
      invoke: {
        id: 'fetchServerTime',
        src: 'fetchServerTime',
        onDone: { target: 'coolingDown', actions: { type: 'setTime', params: answer } },
        onError: 'coolingDown',
      },
    },
    coolingDown: {
      initial: 'quiet',
      states: {
        quiet: { on: { 'time.refresh': 'refreshRequested' } },
        refreshRequested: {},
      },
      after: {
        minRefreshInterval: [{ guard: 'refreshRequested', target: 'fetching' }, { target: 'ready' }],
      },
    },
    ready: {
      on: { 'time.refresh': 'fetching' },
    },
  },
})
