import { type ActorRefFrom, createActor, fromPromise } from 'xstate'
import { apiPaths } from '../../contract/paths.ts'
import { sessionMachine } from '../../machines/session/session.machine.ts'
import type { SessionProfile, StoredToken } from '../../machines/session/session.types.ts'
import type { ApiClient } from '../api/client.ts'

/** The running session machine the router context carries. */
export type SessionActor = ActorRefFrom<typeof sessionMachine>

interface StoredRecord {
  token: string
  rememberMe: boolean
  expiresAt: number
}

/** What GET /v1/user answers that the session keeps (the rest lives in the query cache). */
interface UserAnswer {
  id: string
  email: string
  business?: { role: 'admin' | 'member' } | null
}

/**
 * Starts the session machine with the browser's session storage (SPEC §9: key `accessToken`)
 * and the API for the signed-in user.
 */
export function startSession(api: ApiClient, storage: Storage = sessionStorage): SessionActor {
  const machine = sessionMachine.provide({
    actors: {
      readToken: fromPromise<StoredToken | null, { key: string }>(async ({ input }) => {
        const raw = storage.getItem(input.key)
        if (!raw) return null
        try {
          const record = JSON.parse(raw) as StoredRecord
          return {
            token: record.token,
            rememberMe: record.rememberMe,
            remainingMs: record.expiresAt - Date.now(),
          }
        } catch {
          return null
        }
      }),
      fetchProfile: fromPromise<SessionProfile, { token: string }>(async ({ input }) => {
        const user = await api.request<UserAnswer>(apiPaths.user(), {
          auth: { type: 'Bearer', token: input.token },
        })
        return { userId: user.id, email: user.email, business: user.business?.role ?? 'none' }
      }),
    },
    actions: {
      storeToken: (_, params) => {
        const record: StoredRecord = {
          token: params.token,
          rememberMe: params.rememberMe,
          expiresAt: Date.now() + params.lifetimeMs,
        }
        storage.setItem(params.key, JSON.stringify(record))
      },
      clearToken: (_, params) => storage.removeItem(params.key),
    },
  })
  return createActor(machine).start()
}
