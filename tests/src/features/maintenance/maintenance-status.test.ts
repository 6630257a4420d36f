import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { selectNotice } from '../../../../machines/maintenance/maintenance.selectors.ts'
import type { StatusPageData } from '../../../../machines/maintenance/status-page.types.ts'
import { sessionMachine } from '../../../../machines/session/session.machine.ts'
import type { SessionProfile, StoredToken } from '../../../../machines/session/session.types.ts'
import { hasInternalCookie, isStaffEmail } from '../../../../src/features/maintenance/internal-cookie.ts'
import {
  type MaintenanceStatus,
  startMaintenance,
} from '../../../../src/features/maintenance/maintenance-status.ts'

const operational: StatusPageData = { incidents: [], scheduledMaintenances: [], components: [] }
const components = [
  { id: 'grp', name: 'Signing services', groupId: null },
  { id: 'pades', name: 'PAdES signing', groupId: 'grp' },
  { id: 'web', name: 'Website', groupId: null },
]
const blocking: StatusPageData = {
  incidents: [],
  scheduledMaintenances: [
    {
      id: 'm',
      name: 'Upgrade',
      status: 'in_progress',
      url: 'https://status.test/m',
      componentIds: ['pades'],
    },
  ],
  components,
}
const notice: StatusPageData = {
  incidents: [
    { id: 'i', name: 'Slow', status: 'investigating', url: 'https://status.test/i', componentIds: ['web'] },
  ],
  scheduledMaintenances: [],
  components,
}

/** A session whose tab holds `stored` (none: a visitor), restored as the page loads. */
function startSessionActor(stored: StoredToken | null = null) {
  return createActor(
    sessionMachine.provide({
      actors: {
        readToken: fromPromise<StoredToken | null, { key: string }>(async () => stored),
        fetchProfile: fromPromise<SessionProfile, { token: string }>(async () => ({
          userId: 'u1',
          email: 'mia@example.com',
          business: 'none' as const,
        })),
      },
    }),
  ).start()
}

describe('startMaintenance', () => {
  let status: StatusPageData | Error
  let fetchStatus: ReturnType<typeof vi.fn<() => Promise<StatusPageData>>>
  let log: ReturnType<typeof vi.fn<(message: string, error: unknown) => void>>
  let maintenance: MaintenanceStatus | undefined
  let session: ReturnType<typeof startSessionActor>

  beforeEach(() => {
    vi.useFakeTimers()
    status = operational
    fetchStatus = vi.fn(() => (status instanceof Error ? Promise.reject(status) : Promise.resolve(status)))
    log = vi.fn<(message: string, error: unknown) => void>()
    session = startSessionActor()
  })

  afterEach(() => {
    maintenance?.stop()
    session.stop()
    vi.useRealTimers()
  })

  const start = () => {
    maintenance = startMaintenance({ fetchStatus, session, blockingGroupPattern: '^(Signing|Platform)', log })
    return maintenance
  }

  const signIn = async () => {
    session.send({ type: 'session.signIn', token: 't', rememberMe: false })
    await vi.advanceTimersByTimeAsync(0)
  }

  it('checks a visitor once at start, so a blocking maintenance is known before the first page', async () => {
    status = blocking
    const m = start()
    await m.ready
    expect(m.notice()).toEqual({ url: 'https://status.test/m', isBlocking: true })
    expect(m.isBlocking()).toBe(true)
    await vi.advanceTimersByTimeAsync(5 * 60_000)
    expect(fetchStatus).toHaveBeenCalledTimes(1)
  })

  it('polls every 60 s while signed in, and the selected notice changes only when the notice does', async () => {
    const m = start()
    await m.ready
    // What a screen's useSelector(actor, selectNotice) re-renders on: a notice that is not the one before.
    const listener = vi.fn()
    let last = selectNotice(m.actor.getSnapshot())
    m.actor.subscribe((snapshot) => {
      if (selectNotice(snapshot) === last) return
      last = selectNotice(snapshot)
      listener()
    })
    await signIn()
    expect(fetchStatus).toHaveBeenCalledTimes(2)
    expect(m.notice()).toBeNull()
    expect(listener).not.toHaveBeenCalled()

    status = notice
    await vi.advanceTimersByTimeAsync(60_000)
    expect(fetchStatus).toHaveBeenCalledTimes(3)
    expect(m.notice()).toEqual({ url: 'https://status.test/i', isBlocking: false })
    expect(listener).toHaveBeenCalledTimes(1)

    status = blocking
    await vi.advanceTimersByTimeAsync(60_000)
    expect(m.isBlocking()).toBe(true)
    expect(listener).toHaveBeenCalledTimes(2)
  })

  it('keeps the last notice when a check fails, and only logs the failure (SPEC §8)', async () => {
    status = notice
    const m = start()
    await m.ready
    await signIn()
    status = new Error('network down')
    await vi.advanceTimersByTimeAsync(60_000)
    expect(log).toHaveBeenCalledWith('The status page could not be checked', status)
    expect(m.notice()).toEqual({ url: 'https://status.test/i', isBlocking: false })
  })

  it('stops polling on sign-out and checks once more as a visitor', async () => {
    const m = start()
    await m.ready
    await signIn()
    status = blocking
    session.send({ type: 'session.signOut' })
    await vi.advanceTimersByTimeAsync(0)
    expect(fetchStatus).toHaveBeenCalledTimes(3)
    expect(m.isBlocking()).toBe(true)
    await vi.advanceTimersByTimeAsync(5 * 60_000)
    expect(fetchStatus).toHaveBeenCalledTimes(3)
  })

  it('lets a visitor check again on demand (the /maintenance screen), but not when signed in', async () => {
    status = blocking
    const m = start()
    await m.ready
    status = operational
    await m.recheck()
    expect(m.notice()).toBeNull()
    await signIn()
    const calls = fetchStatus.mock.calls.length
    await m.recheck()
    expect(fetchStatus).toHaveBeenCalledTimes(calls)
  })

  it('takes the check at start as the first check of a session restored with the page', async () => {
    session.stop()
    session = startSessionActor({ token: 't', rememberMe: false, remainingMs: 60_000 })
    status = notice
    const m = start()
    await m.ready
    await vi.advanceTimersByTimeAsync(0)
    expect(m.actor.getSnapshot().matches({ signedIn: 'settled' })).toBe(true)
    expect(m.notice()).toEqual({ url: 'https://status.test/i', isBlocking: false })
    expect(fetchStatus).toHaveBeenCalledTimes(1)
    status = operational
    await vi.advanceTimersByTimeAsync(60_000)
    expect(fetchStatus).toHaveBeenCalledTimes(2)
    expect(m.notice()).toBeNull()
  })

  it('checks again for a restored session when the check at start failed, and logs each failure once', async () => {
    session.stop()
    session = startSessionActor({ token: 't', rememberMe: false, remainingMs: 60_000 })
    status = new Error('network down')
    const m = start()
    await m.ready
    await vi.advanceTimersByTimeAsync(0)
    // The failed check at start, then the machine's own, which failed too.
    expect(fetchStatus).toHaveBeenCalledTimes(2)
    expect(log).toHaveBeenCalledTimes(2)
    status = notice
    await vi.advanceTimersByTimeAsync(60_000)
    expect(m.notice()).toEqual({ url: 'https://status.test/i', isBlocking: false })
    expect(log).toHaveBeenCalledTimes(2)
  })

  it('is ready after at most readyTimeoutMs when the check at start hangs', async () => {
    fetchStatus.mockReturnValueOnce(new Promise(() => {}))
    maintenance = startMaintenance({
      fetchStatus,
      session,
      blockingGroupPattern: '^Signing',
      readyTimeoutMs: 2000,
      log,
    })
    let ready = false
    void maintenance.ready.then(() => {
      ready = true
    })
    await vi.advanceTimersByTimeAsync(1999)
    expect(ready).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(ready).toBe(true)
    expect(maintenance.notice()).toBeNull()
  })
})

describe('hasInternalCookie (SPEC §6)', () => {
  it.each([
    ['signet_internal=1', true],
    ['a=b; signet_internal=1; c=d', true],
    ['signet_internal=0', false],
    ['xsignet_internal=1', false],
    ['signet_internal=10', false],
    ['', false],
  ])('%j -> %s', (cookies, expected) => {
    expect(hasInternalCookie(cookies)).toBe(expected)
  })
})

describe('isStaffEmail (SPEC §6)', () => {
  it.each([
    ['ops@staff.signet.example', true],
    ['Ops@Staff.Signet.Example', true],
    ['ops@notstaff.signet.example', false],
    ['ops@eu.staff.signet.example', false],
    ['staff.signet.example@example.com', false],
  ])('%s -> %s', (email, expected) => {
    expect(isStaffEmail(email, 'staff.signet.example')).toBe(expected)
  })
})
