import { type ActorRefFrom, createActor, fromPromise } from 'xstate'
import { accountPaths } from '../../contract/account-paths.ts'
import { attributesCase } from '../../contract/user.ts'
import { sessionMachine } from '../../machines/session/session.machine.ts'
import type { SessionProfile, StoredToken } from '../../machines/session/session.types.ts'
import type { ApiClient } from '../api/client.ts'
import { inspect } from '../lib/inspect.ts'

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

/** What the session keeps of a user answer. */
export function profileOf(user: UserAnswer): SessionProfile {
  return { userId: user.id, email: user.email, business: user.business?.role ?? 'none' }
}

/**
 * Where a remember-me session is kept besides the tab, in storage every tab of the app shares: a new tab
 * or a link from a mail opens signed in. Sign-out and expiry clear it with the tab's token.
 */
export const rememberedSessionKey = 'rememberedSession'

/** Options of {@link startSession}. */
export interface SessionOptions {
  /**
   * Receives the whole GET /v1/user answer (attributes keep their names) the session loaded the user with,
   * so the app keeps it as the user query's data instead of asking the server a second time.
   */
  keepUser?: (answer: unknown) => void
}

/**
 * Starts the session machine with the browser's session storage (SPEC §9: key `accessToken`) and, for a
 * remember-me session, storage shared by the tabs (`shared`), and the API for the signed-in user.
 */
export function startSession(
  api: ApiClient,
  storage: Storage = sessionStorage,
  shared: Storage = localStorage,
  { keepUser }: SessionOptions = {},
): SessionActor {
  const machine = sessionMachine.provide({
    actors: {
      readToken: fromPromise<StoredToken | null, { key: string }>(async ({ input }) => {
        // The tab's own token first; a new tab takes the remembered session and keeps it as its own.
        const remembered = shared.getItem(rememberedSessionKey)
        if (!storage.getItem(input.key) && remembered) storage.setItem(input.key, remembered)
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
        const user = await api.request<UserAnswer>(accountPaths.user(), {
          auth: { type: 'Bearer', token: input.token },
          caseOptions: attributesCase,
        })
        keepUser?.(user)
        return profileOf(user)
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
        if (params.rememberMe) shared.setItem(rememberedSessionKey, JSON.stringify(record))
        else shared.removeItem(rememberedSessionKey)
      },
      clearToken: (_, params) => {
        storage.removeItem(params.key)
        shared.removeItem(rememberedSessionKey)
      },
    },
  })
  return createActor(machine, { inspect }).start()
}
