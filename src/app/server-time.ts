import * as v from 'valibot'
import { type ActorRefFrom, createActor, fromPromise } from 'xstate'
import { accountPaths } from '../../contract/account-paths.ts'
import { datetimeResponseSchema } from '../../contract/datetime.ts'
import { serverNow } from '../../machines/server-time/server-now.ts'
import { serverTimeMachine } from '../../machines/server-time/server-time.machine.ts'
import type { ServerTimeFetchOutput } from '../../machines/server-time/server-time.types.ts'
import type { ApiClient } from '../api/client.ts'
import { inspect } from '../lib/inspect.ts'

/** The app's server clock: its machine (SPEC §3, §9), and the server's time now (epoch milliseconds). */
export interface ServerTime {
  actor: ActorRefFrom<typeof serverTimeMachine>
  now: () => number
}

/**
 * Starts the app's one server-time machine on GET /v1/datetime. A device that slept, or whose clock was
 * set by hand, drifts from the server's: the server's clock is read again when the tab is shown again (the
 * machine asks no more often than every 2 s).
 */
export function startServerTime(api: ApiClient, page: Document = document): ServerTime {
  const machine = serverTimeMachine.provide({
    actors: {
      fetchServerTime: fromPromise<ServerTimeFetchOutput>(async () => {
        const answer = v.parse(datetimeResponseSchema, await api.request(accountPaths.datetime()))
        return { ...answer, receivedAt: Date.now() }
      }),
    },
  })
  const actor = createActor(machine, { inspect }).start()
  page.addEventListener('visibilitychange', () => {
    if (page.visibilityState === 'visible') actor.send({ type: 'time.refresh' })
  })
  return { actor, now: () => serverNow(actor.getSnapshot().context, Date.now()) }
}
