import { describe, expect, it } from 'vitest'
import { createActor, SimulatedClock } from 'xstate'
import { MAINTENANCE_POLL_INTERVAL_MS } from '../../machines/maintenance/maintenance.constants.ts'
import { maintenanceMachine } from '../../machines/maintenance/maintenance.machine.ts'
import { maintenanceView } from '../../machines/maintenance/maintenance.selectors.ts'
import type { MaintenanceFetchOutput } from '../../machines/maintenance/maintenance.types.ts'
import { maintenanceNotice } from '../../machines/maintenance/maintenance-notice.ts'
import type { StatusPageData } from '../../machines/maintenance/status-page.types.ts'
import { controlledActor } from './controlled-actor.ts'
import { walk } from './walk.ts'

/** One step of the walk: xstate's own events (done, error, after) are not in the machine's event type. */
type Step = { clock: SimulatedClock; event: { type: string; output?: unknown } }

const components = [
  { id: 'g-app', name: 'Signing platform', groupId: null },
  { id: 'g-web', name: 'Website', groupId: null },
  { id: 'c-api', name: 'API', groupId: 'g-app' },
  { id: 'c-blog', name: 'Blog', groupId: 'g-web' },
  { id: 'c-alone', name: 'Signing platform mirror', groupId: null },
]

const quiet: StatusPageData = { incidents: [], scheduledMaintenances: [], components }
const bannerOnly: StatusPageData = {
  ...quiet,
  scheduledMaintenances: [
    {
      id: 'm1',
      name: 'Blog',
      status: 'in_progress',
      url: 'https://status.test/m1',
      componentIds: ['c-blog'],
    },
  ],
}
const blocking: StatusPageData = {
  ...quiet,
  scheduledMaintenances: [
    {
      id: 'm1',
      name: 'Blog',
      status: 'in_progress',
      url: 'https://status.test/m1',
      componentIds: ['c-blog'],
    },
    { id: 'm2', name: 'API', status: 'in_progress', url: 'https://status.test/m2', componentIds: ['c-api'] },
  ],
}
const pattern = '^Signing platform$'

describe('maintenanceNotice (SPEC §4 Maintenance)', () => {
  const re = new RegExp(pattern)
  it('is none when nothing is active', () => {
    expect(maintenanceNotice(quiet, re)).toBeNull()
  })
  it('is blocking when an in-progress maintenance affects a component of a matching group', () => {
    expect(maintenanceNotice(blocking, re)).toEqual({ url: 'https://status.test/m2', isBlocking: true })
  })
  it('is a banner when the affected components are in other groups', () => {
    expect(maintenanceNotice(bannerOnly, re)).toEqual({ url: 'https://status.test/m1', isBlocking: false })
  })
  it('matches the group name, not the component name', () => {
    const data: StatusPageData = {
      ...quiet,
      scheduledMaintenances: [
        {
          id: 'm3',
          name: 'x',
          status: 'in_progress',
          url: 'https://status.test/m3',
          componentIds: ['c-alone'],
        },
      ],
    }
    expect(maintenanceNotice(data, re)).toEqual({ url: 'https://status.test/m3', isBlocking: false })
  })
  it('ignores maintenances that are not in progress', () => {
    const data: StatusPageData = {
      ...quiet,
      scheduledMaintenances: [
        { id: 'm4', name: 'x', status: 'scheduled', url: 'https://status.test/m4', componentIds: ['c-api'] },
        { id: 'm5', name: 'x', status: 'completed', url: 'https://status.test/m5', componentIds: ['c-api'] },
      ],
    }
    expect(maintenanceNotice(data, re)).toBeNull()
  })
  it('shows an unresolved incident as a banner, never a resolved one', () => {
    const incident = { id: 'i1', name: 'x', url: 'https://status.test/i1', componentIds: ['c-api'] }
    expect(maintenanceNotice({ ...quiet, incidents: [{ ...incident, status: 'monitoring' }] }, re)).toEqual({
      url: 'https://status.test/i1',
      isBlocking: false,
    })
    expect(maintenanceNotice({ ...quiet, incidents: [{ ...incident, status: 'resolved' }] }, re)).toBeNull()
  })
})

describe('maintenance machine', () => {
  it('SPEC §9: maintenance is polled every 60 s', () => {
    expect(MAINTENANCE_POLL_INTERVAL_MS).toBe(60_000)
  })

  it('polls every 60 s while signed in; signed out, checks once and again only when asked', async () => {
    const fetch = controlledActor<MaintenanceFetchOutput>()
    const clock = new SimulatedClock()
    const actor = createActor(maintenanceMachine.provide({ actors: { fetchStatus: fetch.logic } }), {
      input: { blockingGroupPattern: pattern },
      clock,
    }).start()
    // Nothing is checked until the session is known.
    clock.increment(10 * 60_000)
    expect(fetch.calls()).toBe(0)
    actor.send({ type: 'session.signIn' })
    expect(fetch.calls()).toBe(1)
    fetch.resolve(bannerOnly)
    await Promise.resolve()
    await Promise.resolve()
    expect(maintenanceView(actor.getSnapshot())).toBe('notice')
    clock.increment(59_999)
    expect(fetch.calls()).toBe(1)
    clock.increment(1)
    expect(fetch.calls()).toBe(2)
    fetch.resolve(bannerOnly)
    await Promise.resolve()
    await Promise.resolve()
    actor.send({ type: 'session.signOut' })
    // The visitor's check: the banner stays until it answers.
    expect(fetch.calls()).toBe(3)
    expect(maintenanceView(actor.getSnapshot())).toBe('notice')
    fetch.resolve(quiet)
    await Promise.resolve()
    await Promise.resolve()
    expect(maintenanceView(actor.getSnapshot())).toBe('none')
    clock.increment(10 * 60_000)
    expect(fetch.calls()).toBe(3)
    actor.send({ type: 'maintenance.recheck' })
    expect(fetch.calls()).toBe(4)
    actor.stop()
  })

  it('walks every state and transition', async () => {
    const fetch = controlledActor<MaintenanceFetchOutput>()
    const samples = [
      { type: 'session.signIn' },
      { type: 'session.signOut' },
      { type: 'maintenance.recheck' },
      { type: 'xstate.done.actor.fetchStatus', output: quiet },
      { type: 'xstate.done.actor.fetchStatus', output: bannerOnly },
      { type: 'xstate.done.actor.fetchStatus', output: blocking },
      { type: 'xstate.error.actor.fetchStatus', error: new Error('offline') },
      { type: 'xstate.after.pollInterval.maintenance.signedIn.settled' },
    ] as const
    const coverage = await walk('maintenance', {
      machine: maintenanceMachine.provide({ actors: { fetchStatus: fetch.logic } }),
      input: { blockingGroupPattern: pattern },
      events: (s) => samples.filter((e) => s.can(e as never)) as never,
      exec: {
        'xstate.done.actor.fetchStatus': ({ event }: Step) => fetch.resolve(event.output as StatusPageData),
        'xstate.error.actor.fetchStatus': () => fetch.reject(new Error('offline')),
        'xstate.after.pollInterval.maintenance.signedIn.settled': ({ clock }: Step) =>
          clock.increment(MAINTENANCE_POLL_INTERVAL_MS),
      } as never,
      states: {
        awaitingSession: (s) => expect(s.context.notice).toBeNull(),
        'signedOut.settled.none': (s) => expect(maintenanceView(s)).toBe('none'),
        'signedOut.settled.notice': (s) => expect(maintenanceView(s)).toBe('notice'),
        'signedOut.settled.blocking': (s) => expect(maintenanceView(s)).toBe('blocking'),
        'signedIn.settled.none': (s) => expect(maintenanceView(s)).toBe('none'),
        'signedIn.settled.notice': (s) => expect(maintenanceView(s)).toBe('notice'),
        'signedIn.settled.blocking': (s) => expect(maintenanceView(s)).toBe('blocking'),
      },
    })
    expect(coverage.missingStates).toEqual([])
    expect(coverage.missingTransitions).toEqual([])
  })
})
