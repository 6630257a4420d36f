import {
  __unsafe_getAllOwnEventDescriptors,
  type AnyActorRef,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  createActor,
  type EventObject,
  fromPromise,
  SimulatedClock,
} from 'xstate'
import { inspect } from '../../lib/inspect.ts'

/** A call the machine made that is waiting for the designer to settle it. */
interface PendingInvocation {
  /** The invoke id, which is also how the machine's `xstate.done.actor.<id>` events name it. */
  id: string
  ref: AnyActorRef
}

/** A delayed transition (`after`) waiting on the simulated clock. */
interface PendingDelay {
  key: string
  /** The delay's name (`tokenExpiry`) or its number of milliseconds. */
  name: string
  /** Milliseconds until it fires on the simulated clock. */
  remainingMs: number
}

/** One step the designer took, for the history list. */
export type HistoryEntry =
  | { kind: 'event'; type: string; payload: Record<string, unknown> | undefined; ignored: boolean }
  | { kind: 'done'; id: string; output: unknown }
  | { kind: 'failed'; id: string }
  | { kind: 'after'; name: string }

/** What the viewer shows of the running machine. */
export interface SimulationView {
  snapshot: AnyMachineSnapshot
  /** Events the current states accept, without xstate's own (done, error, after). */
  events: string[]
  invocations: PendingInvocation[]
  delays: PendingDelay[]
  history: HistoryEntry[]
}

/** A machine running for the viewer: its calls never settle and its clock never moves on their own. */
export interface Simulation {
  subscribe: (listener: () => void) => () => void
  getView: () => SimulationView
  send: (type: string, payload: Record<string, unknown> | undefined) => void
  settle: (ref: AnyActorRef, outcome: { done: true; output: unknown } | { done: false }) => void
  advance: (key: string) => void
  stop: () => void
}

type Deferred = { resolve: (value: unknown) => void; reject: (reason: unknown) => void }

const afterName = (eventType: string) => /^xstate\.after\.([^.]+)\./.exec(eventType)?.[1] ?? eventType

/** Starts `machine` with `input`, replacing every actor it declares by one the designer settles. */
export function createSimulation(machine: AnyStateMachine, input: unknown): Simulation {
  const deferreds = new Map<AnyActorRef, Deferred>()
  const manual = fromPromise<unknown, unknown>(
    ({ self, signal }) =>
      new Promise((resolve, reject) => {
        deferreds.set(self, { resolve, reject })
        signal.addEventListener('abort', () => deferreds.delete(self))
      }),
  )
  const actors = Object.fromEntries(Object.keys(machine.implementations.actors).map((key) => [key, manual]))
  const clock = new SimulatedClock()
  const actor = createActor(machine.provide({ actors }), { input, clock, inspect })

  // The scheduler stamps its events with the wall clock, so the due time on the simulated clock is
  // taken when the viewer first sees an event; the simulated clock only moves inside `advance`.
  const dueAt = new WeakMap<object, number>()
  const scheduled = () => Object.entries(actor.system.getSnapshot()._scheduledEvents)

  let history: HistoryEntry[] = []
  let view: SimulationView
  const listeners = new Set<() => void>()

  const compute = (): SimulationView => {
    const snapshot = actor.getSnapshot() as AnyMachineSnapshot
    const active = snapshot.status === 'active'
    for (const [, event] of scheduled()) if (!dueAt.has(event)) dueAt.set(event, clock.now() + event.delay)
    return {
      snapshot,
      events: active
        ? __unsafe_getAllOwnEventDescriptors(snapshot).filter((type) => !type.startsWith('xstate.'))
        : [],
      invocations: active
        ? Object.entries(snapshot.children as Record<string, AnyActorRef | undefined>).flatMap(([id, ref]) =>
            ref && deferreds.has(ref) ? [{ id, ref }] : [],
          )
        : [],
      delays: active
        ? scheduled().map(([key, event]) => ({
            key,
            name: afterName(event.event.type),
            remainingMs: (dueAt.get(event) ?? clock.now()) - clock.now(),
          }))
        : [],
      history,
    }
  }
  const refresh = () => {
    view = compute()
    for (const listener of listeners) listener()
  }
  const record = (entry: HistoryEntry) => {
    history = [...history, entry]
    refresh()
  }

  // The error observer keeps a machine that throws (a guard reading a missing payload field) from
  // becoming an uncaught error: the viewer shows it instead.
  actor.subscribe({ next: refresh, error: refresh, complete: refresh })
  actor.start()
  view = compute()

  return {
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    getView: () => view,
    send: (type, payload) => {
      const before = actor.getSnapshot()
      actor.send({ ...payload, type } as EventObject)
      record({ kind: 'event', type, payload, ignored: actor.getSnapshot() === before })
    },
    settle: (ref, outcome) => {
      const deferred = deferreds.get(ref)
      if (!deferred) return
      deferreds.delete(ref)
      if (outcome.done) deferred.resolve(outcome.output)
      else deferred.reject(new Error('Failed in the statechart viewer'))
      record(
        outcome.done ? { kind: 'done', id: ref.id, output: outcome.output } : { kind: 'failed', id: ref.id },
      )
    },
    advance: (key) => {
      const entry = scheduled().find(([k]) => k === key)?.[1]
      if (!entry) return
      clock.set(Math.max(clock.now(), dueAt.get(entry) ?? clock.now()))
      record({ kind: 'after', name: afterName(entry.event.type) })
    },
    stop: () => {
      listeners.clear()
      actor.stop()
    },
  }
}
