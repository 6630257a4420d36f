import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  __unsafe_getAllOwnEventDescriptors,
  type AnyActorRef,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyTransitionDefinition,
  createActor,
  type EventFromLogic,
  type InputFrom,
  SimulatedClock,
  type SnapshotFrom,
} from 'xstate'
import { getAdjacencyMap, getShortestPaths, getStateNodes, type StatePath } from 'xstate/graph'

// The public callbacks see SnapshotFrom<M>; inside, snapshots are read through AnyMachineSnapshot.
type Snap<M extends AnyStateMachine> = SnapshotFrom<M>
type Any = AnyMachineSnapshot
type Ev<M extends AnyStateMachine> = EventFromLogic<M>

/** What a step may use to make an event happen in the running system. */
export interface ExecContext<M extends AnyStateMachine> {
  actor: AnyActorRef
  clock: SimulatedClock
  event: Ev<M>
}

/** Options of one model-based walk over a machine's graph. */
export interface WalkOptions<M extends AnyStateMachine> {
  /** The machine under test, with its test implementations already provided. */
  machine: M
  input?: InputFrom<M>
  /** Events to try in each state (with payloads); types without a sample are sent bare. */
  events?: Ev<M>[] | ((snapshot: Snap<M>) => Ev<M>[])
  /** How states are told apart while traversing; defaults to value and context. */
  serializeState?: (snapshot: Snap<M>) => string
  /** How the real system is made to produce an event; default: `actor.send(event)`. */
  exec?: Partial<Record<Ev<M>['type'] | `xstate.${string}`, (ctx: ExecContext<M>) => void | Promise<void>>>
  /** Assertions every reached snapshot must satisfy (context invariants). */
  check?: (snapshot: Snap<M>) => void
  /** Assertions per state, keyed by a state value path such as `signedIn` or `tan.entry`. */
  states?: Record<string, (snapshot: Snap<M>) => void>
  /** Longest traversal; guards against machines whose context grows without bound. */
  limit?: number
}

/** Reached and total counts of one walk; 100 % on both is the bar for every machine. */
export interface Coverage {
  machine: string
  states: number
  statesReached: number
  transitions: number
  transitionsTaken: number
  paths: number
  missingStates: string[]
  missingTransitions: string[]
}

/**
 * The samples of the events a state listens to; its delays and actor results (`xstate.*`) are
 * tried bare when no sample is given, so a walk never misses a timer.
 */
function eventsFor<M extends AnyStateMachine>(state: Snap<M>, samples: WalkOptions<M>['events']): Ev<M>[] {
  const all = typeof samples === 'function' ? samples(state) : (samples ?? [])
  return (__unsafe_getAllOwnEventDescriptors(state) as string[]).flatMap((type) => {
    const matching = all.filter((e) => e.type === type)
    return matching.length || !type.startsWith('xstate.') ? matching : [{ type } as Ev<M>]
  })
}

function transitionName(t: AnyTransitionDefinition): string {
  const targets = (t.target ?? []).map((n) => n.id).join(',') || '(self)'
  return `${t.source.id} --${t.eventType}--> ${targets}`
}

/**
 * Walks every transition of the machine's graph: for each (state, event) edge found by
 * traversal, it replays the shortest path to the state plus that event on a real actor with a
 * simulated clock, checks that the real actor lands where the model says, runs the state
 * assertions, and records which state nodes and transition definitions really fired.
 */
export async function walk<M extends AnyStateMachine>(
  name: string,
  options: WalkOptions<M>,
): Promise<Coverage> {
  const { machine } = options
  // Keys left undefined would override xstate/graph's defaults, so only set ones are passed.
  const traversal = Object.fromEntries(
    Object.entries({
      input: options.input,
      events: options.events && ((state: Snap<M>) => eventsFor(state, options.events)),
      limit: options.limit ?? 10_000,
      serializeState: options.serializeState,
    }).filter(([, v]) => v !== undefined),
  )
  // biome-ignore lint/suspicious/noExplicitAny: xstate/graph's option types do not narrow for generic machines
  const shortest = getShortestPaths(machine, traversal as any) as StatePath<Snap<M>, Ev<M>>[]
  // biome-ignore lint/suspicious/noExplicitAny: as above
  const adjacency = getAdjacencyMap(machine, traversal as any)
  const serialize =
    options.serializeState ??
    ((s: Snap<M>) => JSON.stringify({ value: (s as Any).value, context: (s as Any).context }))
  const pathTo = new Map(shortest.map((p) => [serialize(p.state), p.steps]))

  const allNodes = getStateNodes(machine).filter((n) => n.path.length > 0)
  const allTransitions = new Set<AnyTransitionDefinition>()
  for (const node of allNodes.concat([machine.root])) {
    for (const list of node.transitions.values()) for (const t of list) allTransitions.add(t)
    for (const t of node.always ?? []) allTransitions.add(t)
  }
  const reached = new Set<string>()
  const taken = new Set<AnyTransitionDefinition>()
  let paths = 0

  for (const entry of Object.values(adjacency)) {
    const prefix = pathTo.get(serialize(entry.state as Snap<M>))
    if (!prefix)
      throw new Error(`no path reaches ${serialize(entry.state as Snap<M>)}: is serializeState too coarse?`)
    for (const edge of Object.values(entry.transitions) as { event: Ev<M>; state: Snap<M> }[]) {
      const steps = [...prefix, { event: edge.event as Ev<M>, state: edge.state as Snap<M> }]
      await replay(options, steps, reached, taken)
      paths++
    }
  }

  const coverage: Coverage = {
    machine: name,
    states: allNodes.length,
    statesReached: allNodes.filter((n) => reached.has(n.id)).length,
    transitions: allTransitions.size,
    transitionsTaken: [...allTransitions].filter((t) => taken.has(t)).length,
    paths,
    missingStates: allNodes.filter((n) => !reached.has(n.id)).map((n) => n.id),
    missingTransitions: [...allTransitions].filter((t) => !taken.has(t)).map(transitionName),
  }
  const dir = join(process.cwd(), 'test-results', 'paths')
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, `${name}.json`), JSON.stringify(coverage, null, 2))
  return coverage
}

async function replay<M extends AnyStateMachine>(
  options: WalkOptions<M>,
  steps: { event: Ev<M>; state: Snap<M> }[],
  reached: Set<string>,
  taken: Set<AnyTransitionDefinition>,
) {
  const clock = new SimulatedClock()
  const nodes = getStateNodes(options.machine).filter((n) => n.path.length > 0)
  const markReached = (snapshot: Snap<M>) => {
    for (const node of nodes) if ((snapshot as Any).matches(node.path.join('.'))) reached.add(node.id)
  }
  // The step's event the walk waits for: an actor's result reaches the machine a few promise callbacks after
  // the step settles the actor.
  let awaited: { type: string; arrived: () => void } | undefined
  const actor = createActor(options.machine, {
    input: options.input,
    clock,
    inspect: (e) => {
      // Only the machine itself, not the actors it invokes.
      if (e.rootId !== e.actorRef.sessionId) return
      if (e.type === '@xstate.snapshot' && e.event.type === awaited?.type) awaited.arrived()
      // Its microsteps: states passed through count too.
      if (e.type !== '@xstate.microstep') return
      for (const t of e._transitions) taken.add(t)
      markReached(e.snapshot as Snap<M>)
    },
  })
  const observe = (snapshot: Snap<M>) => {
    markReached(snapshot)
    options.check?.(snapshot)
    for (const [key, assert] of Object.entries(options.states ?? {})) {
      if ((snapshot as Any).matches(key)) assert(snapshot)
    }
  }
  actor.start()
  observe(actor.getSnapshot())
  for (const step of steps) {
    const arrived = new Promise<void>((resolve) => {
      awaited = { type: step.event.type, arrived: resolve }
    })
    const exec = options.exec?.[step.event.type as Ev<M>['type']]
    if (exec) await exec({ actor, clock, event: step.event })
    else actor.send(step.event)
    await arrived
    const snapshot = actor.getSnapshot() as Snap<M>
    const [actual, expected] = [(snapshot as Any).value, (step.state as Any).value]
    if (JSON.stringify(actual) !== JSON.stringify(expected)) {
      throw new Error(
        `after ${step.event.type} the machine is in ${JSON.stringify(actual)}, the model says ${JSON.stringify(expected)}`,
      )
    }
    observe(snapshot)
  }
  actor.stop()
}
