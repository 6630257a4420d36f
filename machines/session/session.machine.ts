import { assign, fromPromise, setup } from 'xstate'
import {
  accessTokenStorageKey,
  rememberMeTokenLifetimeMs,
  tokenLifetimeMs,
  unresumablePaths,
} from './session.constants.ts'
import type {
  SessionContext,
  SessionErrorCode,
  SessionEvent,
  SessionProfile,
  StoredToken,
  TokenWrite,
} from './session.types.ts'

const notProvided = (name: string) => () => Promise.reject(new Error(`session.${name}_not_provided`))

const signedOut = {
  token: null,
  profile: null,
  directSign: null,
} satisfies Partial<SessionContext>

/**
 * Loads the user a token belongs to: signed in when the profile comes; signed out with `code` recorded when
 * it does not, the token forgotten only when the server refused it. Restoring a stored token and signing in
 * share it.
 */
function loadProfile(code: SessionErrorCode) {
  return {
    id: 'fetchProfile',
    src: 'fetchProfile',
    input: ({ context }: { context: SessionContext }) => ({ token: context.token ?? '' }),
    onDone: {
      target: '#session.signedIn',
      actions: {
        type: 'keepProfile',
        params: ({ event }: { event: { output: SessionProfile } }) => ({ profile: event.output }),
      },
    },
    onError: [
      {
        // The server refused the token: it is forgotten.
        guard: {
          type: 'isRefusal',
          params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
        },
        target: '#session.unauthenticated',
        actions: [
          'forgetSession',
          { type: 'clearToken', params: { key: accessTokenStorageKey } },
          { type: 'recordError', params: { code } },
        ],
      },
      {
        // The call did not get through (offline, the page being left, a server error): the token stays
        // stored, so the next load of the page restores the session.
        target: '#session.unauthenticated',
        actions: ['forgetSession', { type: 'recordError', params: { code } }],
      },
    ],
  } as const
}

/**
 * The session and its role source (SPEC §4, §6, §9). At start it reads the token from session
 * storage and loads the user; a token expires on the clock after 24 h (48 h with remember-me); a
 * 401 signs out and remembers the path to resume; a direct link opens a direct-sign session.
 * `session.signIn` is taken in every state, since a new token replaces whatever session the tab
 * had. The caller provides `readToken` and `fetchProfile` (actors) and `storeToken` and
 * `clearToken` (actions) with `machine.provide`.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    /** Reads the token stored under `key`; resolves null when there is none. */
    readToken: fromPromise<StoredToken | null, { key: string }>(notProvided('readToken')),
    /** Loads the user the token belongs to (GET /v1/user and the user's business). */
    fetchProfile: fromPromise<SessionProfile, { token: string }>(notProvided('fetchProfile')),
  },
  actions: {
    /** Writes the token to session storage; the caller provides it (without it, nothing persists). */
    storeToken: (_, _params: TokenWrite) => {},
    /** Removes the token from session storage; the caller provides it. */
    clearToken: (_, _params: { key: string }) => {},
    acceptToken: assign((_, params: { token: string; rememberMe: boolean; expiresInMs: number }) => ({
      token: params.token,
      rememberMe: params.rememberMe,
      tokenExpiresInMs: params.expiresInMs,
      error: null,
    })),
    keepProfile: assign((_, params: { profile: SessionProfile }) => ({ profile: params.profile })),
    openDirectSign: assign((_, params: { userId: string; requestId: string }) => ({
      ...signedOut,
      directSign: { userId: params.userId, requestId: params.requestId },
      resumePath: null,
    })),
    forgetSession: assign(signedOut),
    rememberResumePath: assign((_, params: { path: string }) => ({ resumePath: params.path })),
    forgetResumePath: assign({ resumePath: null }),
    recordError: assign((_, params: { code: SessionErrorCode }) => ({ error: params.code })),
  },
  guards: {
    isLiveToken: (_, params: { stored: StoredToken | null }) =>
      params.stored !== null && params.stored.remainingMs > 0,
    hasStoredToken: (_, params: { stored: StoredToken | null }) => params.stored !== null,
    /** The server answered 401: the token is not (or no longer) valid. */
    isRefusal: (_, params: { error: unknown }) =>
      typeof params.error === 'object' &&
      params.error !== null &&
      'status' in params.error &&
      params.error.status === 401,
    isResumablePath: (_, params: { path: string }) =>
      !unresumablePaths.includes(params.path.split(/[?#]/, 1)[0] ?? ''),
  },
  delays: {
    // The clock counts from entering signedIn; the server still refuses a token past its expiry.
    tokenExpiry: ({ context }) => context.tokenExpiresInMs,
  },
}).createMachine({
  id: 'session',
  context: {
    ...signedOut,
    rememberMe: false,
    tokenExpiresInMs: 0,
    resumePath: null,
    error: null,
  },
  initial: 'restoring',
  on: {
    // A new token replaces whatever session this tab had, direct-sign included.
    'session.signIn': {
      target: '.signingIn',
      actions: [
        'forgetSession',
        {
          type: 'acceptToken',
          params: ({ event }) => ({
            token: event.token,
            rememberMe: event.rememberMe,
            expiresInMs: event.rememberMe ? rememberMeTokenLifetimeMs : tokenLifetimeMs,
          }),
        },
      ],
    },
  },
  states: {
    restoring: {
      initial: 'reading',
      states: {
        reading: {
          invoke: {
            id: 'readToken',
            src: 'readToken',
            input: { key: accessTokenStorageKey },
            onDone: [
              {
                guard: { type: 'isLiveToken', params: ({ event }) => ({ stored: event.output }) },
                target: 'fetchingProfile',
                actions: {
                  type: 'acceptToken',
                  params: ({ event }) => ({
                    token: event.output?.token ?? '',
                    rememberMe: event.output?.rememberMe ?? false,
                    expiresInMs: event.output?.remainingMs ?? 0,
                  }),
                },
              },
              {
                guard: { type: 'hasStoredToken', params: ({ event }) => ({ stored: event.output }) },
                target: '#session.expired',
                actions: { type: 'clearToken', params: { key: accessTokenStorageKey } },
              },
              { target: '#session.unauthenticated' },
            ],
            onError: {
              target: '#session.unauthenticated',
              actions: [
                { type: 'clearToken', params: { key: accessTokenStorageKey } },
                { type: 'recordError', params: { code: 'session.restore_failed' } },
              ],
            },
          },
        },
        fetchingProfile: {
          invoke: loadProfile('session.restore_failed'),
        },
      },
    },
    unauthenticated: {
      on: {
        'session.directSign': {
          target: 'directSign',
          actions: {
            type: 'openDirectSign',
            params: ({ event }) => ({ userId: event.userId, requestId: event.requestId }),
          },
        },
      },
    },
    signingIn: {
      entry: {
        type: 'storeToken',
        params: ({ context }) => ({
          key: accessTokenStorageKey,
          token: context.token ?? '',
          rememberMe: context.rememberMe,
          lifetimeMs: context.tokenExpiresInMs,
        }),
      },
      invoke: loadProfile('session.sign_in_failed'),
    },
    signedIn: {
      after: {
        tokenExpiry: {
          target: 'expired',
          actions: ['forgetSession', { type: 'clearToken', params: { key: accessTokenStorageKey } }],
        },
      },
      on: {
        'session.signOut': {
          target: 'unauthenticated',
          actions: [
            'forgetSession',
            'forgetResumePath',
            { type: 'clearToken', params: { key: accessTokenStorageKey } },
          ],
        },
        'session.unauthorized': [
          {
            guard: { type: 'isResumablePath', params: ({ event }) => ({ path: event.path }) },
            target: 'unauthenticated',
            actions: [
              'forgetSession',
              { type: 'rememberResumePath', params: ({ event }) => ({ path: event.path }) },
              { type: 'clearToken', params: { key: accessTokenStorageKey } },
            ],
          },
          {
            target: 'unauthenticated',
            actions: ['forgetSession', { type: 'clearToken', params: { key: accessTokenStorageKey } }],
          },
        ],
        'session.directSign': {
          target: 'directSign',
          actions: [
            { type: 'clearToken', params: { key: accessTokenStorageKey } },
            {
              type: 'openDirectSign',
              params: ({ event }) => ({ userId: event.userId, requestId: event.requestId }),
            },
          ],
        },
        'session.profileChanged': {
          actions: { type: 'keepProfile', params: ({ event }) => ({ profile: event.profile }) },
        },
        'session.resumed': { actions: 'forgetResumePath' },
      },
    },
    directSign: {
      on: {
        // A direct-sign session is not resumable by signing in, so a 401 just ends it.
        'session.signOut': { target: 'unauthenticated', actions: 'forgetSession' },
        'session.unauthorized': { target: 'unauthenticated', actions: 'forgetSession' },
      },
    },
    expired: {
      on: {
        'session.directSign': {
          target: 'directSign',
          actions: {
            type: 'openDirectSign',
            params: ({ event }) => ({ userId: event.userId, requestId: event.requestId }),
          },
        },
      },
    },
  },
})
