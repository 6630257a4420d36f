import { describe, expect, it } from 'vitest'
import { type Actor, createActor, fromPromise, SimulatedClock } from 'xstate'
import { deriveRoles } from '../../machines/session/derive-roles.ts'
import { rolesHeld } from '../../machines/session/role.ts'
import {
  accessTokenStorageKey,
  rememberMeTokenLifetimeMs,
  tokenLifetimeMs,
} from '../../machines/session/session.constants.ts'
import { sessionMachine } from '../../machines/session/session.machine.ts'
import {
  selectDirectSign,
  selectIsSettled,
  selectIsSignedIn,
  selectResumePath,
  selectRole,
  selectRolesHeld,
  selectToken,
} from '../../machines/session/session.selectors.ts'
import type {
  SessionEvent,
  SessionProfile,
  StoredToken,
  TokenWrite,
} from '../../machines/session/session.types.ts'
import { settled } from './controlled-actor.ts'
import { type ExecContext, walk } from './walk.ts'

type Deferred = { resolve: (value: unknown) => void; reject: (error: unknown) => void }

/** Test doubles for the caller's effects: each started actor waits until the test settles it. */
function harness() {
  const pending = new Map<string, Deferred>()
  const storage: { writes: TokenWrite[]; clears: number } = { writes: [], clears: 0 }
  const waitFor = <T>(name: string) =>
    new Promise<T>((resolve, reject) => {
      pending.set(name, { resolve: resolve as (value: unknown) => void, reject })
    })
  const settle = (name: string, outcome: { output: unknown } | { error: unknown }) => {
    const deferred = pending.get(name)
    // The walk also sends each event where the machine ignores it; with nothing running, neither does the system.
    if (!deferred) return
    pending.delete(name)
    if ('output' in outcome) deferred.resolve(outcome.output)
    else deferred.reject(outcome.error)
  }
  const machine = sessionMachine.provide({
    actors: {
      readToken: fromPromise<StoredToken | null, { key: string }>(({ input }) => {
        expect(input.key).toBe('accessToken')
        return waitFor('readToken')
      }),
      fetchProfile: fromPromise<SessionProfile, { token: string }>(() => waitFor('fetchProfile')),
    },
    actions: {
      storeToken: (_, params) => {
        storage.writes.push(params)
      },
      clearToken: () => {
        storage.clears++
      },
    },
  })
  return { machine, settle, storage }
}

const user: SessionProfile = { userId: 'u-1', email: 'ann@example.com', business: 'none' }
const admin: SessionProfile = { userId: 'u-2', email: 'bob@example.com', business: 'admin' }
const member: SessionProfile = { ...user, business: 'member' }
const liveToken: StoredToken = { token: 'stored', rememberMe: false, remainingMs: 3_600_000 }
/** What the API client throws for a 401. */
const offline = new TypeError('Failed to fetch')
const refused = Object.assign(new Error('401 Unauthorized'), { status: 401 })
const staleToken: StoredToken = { token: 'stale', rememberMe: true, remainingMs: 0 }

// Events of invoked actors are not in SessionEvent; the walk sends them through `exec`.
const actorEvent = (event: { type: string; output?: unknown; error?: unknown }) =>
  event as unknown as SessionEvent

describe('session machine (SPEC §4, §6, §9)', () => {
  it('walks every state and transition', async () => {
    const { machine, settle } = harness()
    type Exec = (ctx: ExecContext<typeof machine>) => void | Promise<void>
    const resolveWith =
      (name: string): Exec =>
      ({ event }) =>
        settle(name, { output: (event as unknown as { output: unknown }).output })
    const rejectWith =
      (name: string): Exec =>
      ({ event }) =>
        settle(name, { error: (event as unknown as { error: unknown }).error })
    const exec: Record<string, Exec> = {
      'xstate.done.actor.readToken': resolveWith('readToken'),
      'xstate.error.actor.readToken': rejectWith('readToken'),
      'xstate.done.actor.fetchProfile': resolveWith('fetchProfile'),
      'xstate.error.actor.fetchProfile': rejectWith('fetchProfile'),
      'xstate.after.tokenExpiry.session.signedIn': ({ actor, clock }) => {
        const snapshot = actor.getSnapshot()
        if (snapshot.value !== 'signedIn') return
        clock.increment(snapshot.context.tokenExpiresInMs - 1)
        expect(actor.getSnapshot().value).toBe('signedIn')
        clock.increment(1)
      },
    }
    const coverage = await walk('session', {
      machine,
      events: [
        { type: 'session.signIn', token: 't-day', rememberMe: false },
        { type: 'session.signIn', token: 't-remember', rememberMe: true },
        { type: 'session.directSign', userId: 'u-nas', requestId: 'sr-1' },
        { type: 'session.signOut' },
        { type: 'session.unauthorized', path: '/view/sr-9?page=2' },
        { type: 'session.unauthorized', path: '/logout' },
        { type: 'session.profileChanged', profile: member },
        { type: 'session.resumed' },
        actorEvent({ type: 'xstate.done.actor.readToken', output: null }),
        actorEvent({ type: 'xstate.done.actor.readToken', output: liveToken }),
        actorEvent({ type: 'xstate.done.actor.readToken', output: staleToken }),
        actorEvent({ type: 'xstate.error.actor.readToken', error: offline }),
        actorEvent({ type: 'xstate.done.actor.fetchProfile', output: user }),
        actorEvent({ type: 'xstate.done.actor.fetchProfile', output: admin }),
        actorEvent({ type: 'xstate.error.actor.fetchProfile', error: offline }),
        actorEvent({ type: 'xstate.error.actor.fetchProfile', error: refused }),
        actorEvent({ type: 'xstate.after.tokenExpiry.session.signedIn' }),
      ],
      serializeState: (s) =>
        JSON.stringify([s.value, s.context.profile?.business, s.context.resumePath !== null]),
      exec,
      check: (s) => {
        expect(s.context.resumePath).not.toBe('/logout')
        if (!s.matches('signedIn') && !s.matches('signingIn') && !s.matches('restoring')) {
          expect(s.context.token).toBeNull()
          expect(s.context.profile).toBeNull()
        }
        if (!s.matches('directSign')) expect(s.context.directSign).toBeNull()
      },
      states: {
        'restoring.fetchingProfile': (s) => {
          expect(s.context.token).toBe('stored')
          expect(s.context.tokenExpiresInMs).toBe(liveToken.remainingMs)
        },
        signingIn: (s) => {
          expect(s.context.tokenExpiresInMs).toBe(
            s.context.rememberMe ? rememberMeTokenLifetimeMs : tokenLifetimeMs,
          )
          expect(s.context.directSign).toBeNull()
        },
        signedIn: (s) => {
          expect(s.context.token).not.toBeNull()
          expect(s.context.profile).not.toBeNull()
          expect(s.context.error).toBeNull()
        },
        directSign: (s) => {
          expect(s.context.directSign).toEqual({ userId: 'u-nas', requestId: 'sr-1' })
          expect(s.context.resumePath).toBeNull()
        },
      },
    })
    expect(coverage.missingStates).toEqual([])
    expect(coverage.missingTransitions).toEqual([])
  })
})

/** Starts a session on a simulated clock with no stored token and signs in. */
async function signedIn(profile: SessionProfile, rememberMe = false) {
  const h = harness()
  const clock = new SimulatedClock()
  const actor = createActor(h.machine, { clock }).start()
  await settled(actor, () => h.settle('readToken', { output: null }))
  actor.send({ type: 'session.signIn', token: 'tok', rememberMe })
  await settled(actor, () => h.settle('fetchProfile', { output: profile }))
  return { ...h, actor, clock }
}

const stateOf = (actor: Actor<typeof sessionMachine>) => actor.getSnapshot().value

describe('token lifetime', () => {
  it('SPEC §9: the token is kept in session storage under accessToken', () => {
    expect(accessTokenStorageKey).toBe('accessToken')
  })

  it.each([
    [false, 24],
    [true, 48],
  ])('SPEC §9: token lives 24 h, 48 h with remember-me (remember-me %s: %i h)', async (rememberMe, hours) => {
    const { actor, clock, storage } = await signedIn(user, rememberMe)
    expect(storage.writes).toEqual([
      { key: 'accessToken', token: 'tok', rememberMe, lifetimeMs: hours * 60 * 60 * 1000 },
    ])
    clock.increment(hours * 60 * 60 * 1000 - 1)
    expect(stateOf(actor)).toBe('signedIn')
    clock.increment(1)
    expect(stateOf(actor)).toBe('expired')
    expect(storage.clears).toBe(1)
    expect(selectRole(actor.getSnapshot())).toBe('unauthenticated')
  })

  it('SPEC §9: a restored token expires after the lifetime it has left', async () => {
    const h = harness()
    const clock = new SimulatedClock()
    const actor = createActor(h.machine, { clock }).start()
    await settled(actor, () => h.settle('readToken', { output: liveToken }))
    expect(actor.getSnapshot().matches({ restoring: 'fetchingProfile' })).toBe(true)
    await settled(actor, () => h.settle('fetchProfile', { output: user }))
    expect(selectToken(actor.getSnapshot())).toBe('stored')
    clock.increment(liveToken.remainingMs)
    expect(stateOf(actor)).toBe('expired')
  })

  it('a stored token past its expiry is cleared and the session starts expired', async () => {
    const h = harness()
    const actor = createActor(h.machine).start()
    await settled(actor, () => h.settle('readToken', { output: staleToken }))
    expect(stateOf(actor)).toBe('expired')
    expect(h.storage.clears).toBe(1)
  })

  it('a token the server refuses signs the session out with a stable code and is forgotten', async () => {
    const h = harness()
    const actor = createActor(h.machine).start()
    await settled(actor, () => h.settle('readToken', { output: liveToken }))
    await settled(actor, () => h.settle('fetchProfile', { error: refused }))
    expect(stateOf(actor)).toBe('unauthenticated')
    expect(actor.getSnapshot().context.error).toBe('session.restore_failed')
    expect(h.storage.clears).toBe(1)
  })

  it('a user call that does not get through (offline, the page left) keeps the token for the next load', async () => {
    const h = harness()
    const actor = createActor(h.machine).start()
    await settled(actor, () => h.settle('readToken', { output: liveToken }))
    await settled(actor, () => h.settle('fetchProfile', { error: offline }))
    expect(stateOf(actor)).toBe('unauthenticated')
    expect(actor.getSnapshot().context.error).toBe('session.restore_failed')
    expect(h.storage.clears).toBe(0)
  })
})

describe('401 and the path to resume', () => {
  it('SPEC §8: a 401 clears the token, signs out and resumes the path after signing in', async () => {
    const { actor, settle, storage } = await signedIn(user)
    actor.send({ type: 'session.unauthorized', path: '/view/sr-9?page=2' })
    expect(stateOf(actor)).toBe('unauthenticated')
    expect(storage.clears).toBe(1)
    expect(selectResumePath(actor.getSnapshot())).toBeNull()
    actor.send({ type: 'session.signIn', token: 'again', rememberMe: false })
    await settled(actor, () => settle('fetchProfile', { output: user }))
    expect(selectResumePath(actor.getSnapshot())).toBe('/view/sr-9?page=2')
    actor.send({ type: 'session.resumed' })
    expect(selectResumePath(actor.getSnapshot())).toBeNull()
  })

  it.each(['/login', '/login?logged-out', '/logout'])(
    'SPEC §8: a 401 on %s is not remembered',
    async (path) => {
      const { actor } = await signedIn(user)
      actor.send({ type: 'session.unauthorized', path })
      expect(stateOf(actor)).toBe('unauthenticated')
      expect(actor.getSnapshot().context.resumePath).toBeNull()
    },
  )

  it('signing out on purpose forgets the path to resume', async () => {
    const { actor, settle } = await signedIn(user)
    actor.send({ type: 'session.unauthorized', path: '/profile' })
    actor.send({ type: 'session.signIn', token: 'again', rememberMe: false })
    await settled(actor, () => settle('fetchProfile', { output: user }))
    actor.send({ type: 'session.signOut' })
    expect(actor.getSnapshot().context.resumePath).toBeNull()
  })
})

describe('roles', () => {
  it.each<[string, Parameters<typeof deriveRoles>[0], string, string[]]>([
    [
      'no user id',
      { userId: null, directSign: false, business: 'admin' },
      'unauthenticated',
      ['unauthenticated'],
    ],
    ['a direct-sign session', { userId: 'u', directSign: true, business: 'admin' }, 'nas', ['nas']],
    [
      'a business admin',
      { userId: 'u', directSign: false, business: 'admin' },
      'admin',
      ['admin', 'member', 'user'],
    ],
    [
      'a business member',
      { userId: 'u', directSign: false, business: 'member' },
      'member',
      ['member', 'user'],
    ],
    ['anyone else', { userId: 'u', directSign: false, business: 'none' }, 'user', ['user']],
  ])('SPEC §4 Role derivation: %s', (_, facts, role, held) => {
    expect(deriveRoles(facts)).toEqual({ role, held })
    expect(rolesHeld(deriveRoles(facts).role)).toEqual(held)
  })

  it('SPEC §4: selectors follow the session through its states', async () => {
    const { actor, settle } = await signedIn(admin)
    let s = actor.getSnapshot()
    expect([selectRole(s), selectRolesHeld(s), selectIsSignedIn(s), selectIsSettled(s)]).toEqual([
      'admin',
      ['admin', 'member', 'user'],
      true,
      true,
    ])
    actor.send({ type: 'session.profileChanged', profile: member })
    expect(selectRole(actor.getSnapshot())).toBe('member')
    actor.send({ type: 'session.directSign', userId: 'u-nas', requestId: 'sr-1' })
    s = actor.getSnapshot()
    expect([selectRole(s), selectToken(s), selectDirectSign(s), selectIsSignedIn(s)]).toEqual([
      'nas',
      null,
      { userId: 'u-nas', requestId: 'sr-1' },
      true,
    ])
    actor.send({ type: 'session.signIn', token: 'tok2', rememberMe: false })
    s = actor.getSnapshot()
    expect([selectRole(s), selectIsSettled(s), selectDirectSign(s)]).toEqual(['unauthenticated', false, null])
    await settled(actor, () => settle('fetchProfile', { output: user }))
    expect(selectRole(actor.getSnapshot())).toBe('user')
    actor.send({ type: 'session.signOut' })
    s = actor.getSnapshot()
    expect([selectRole(s), selectIsSignedIn(s), selectToken(s)]).toEqual(['unauthenticated', false, null])
  })
})
