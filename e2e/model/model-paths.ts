import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyTransitionDefinition,
  createActor,
  type EventFromLogic,
  type InputFrom,
  type InspectionEvent,
} from 'xstate'
import { getAdjacencyMap, getStateNodes } from 'xstate/graph'

type Ev<M extends AnyStateMachine> = EventFromLogic<M>

/**
 * A machine as the browser journeys see it: the events a user (or the server's answer to them) can make happen
 * in each state, with samples as the journeys make them. The machine's own actors are never run: a path sends
 * their outcomes (`xstate.done.actor.*`) as events, each the answer the real server gives to the step before.
 */
export interface BrowserModel<M extends AnyStateMachine> {
  /** The name the coverage is printed and stored under. */
  name: string
  machine: M
  input?: InputFrom<M>
  /** The events the journeys can make happen in a state (none: the state ends a path). */
  events: (snapshot: AnyMachineSnapshot) => Ev<M>[]
  /** How states are told apart while the paths are planned. */
  serializeState: (snapshot: AnyMachineSnapshot) => string
  /** Events after which a journey cannot go on (what it acted on is gone): a path ends with one. */
  ends?: (event: Ev<M>) => boolean
  /** Transitions no browser journey can take, each with the reason; they stay counted as missing. */
  unreachable: Record<string, string>
}

/** A transition's name, as the machine walk prints it, with its rank where several share source, event and target. */
function transitionNames(machine: AnyStateMachine): Map<AnyTransitionDefinition, string> {
  const names = new Map<AnyTransitionDefinition, string>()
  const nodes = getStateNodes(machine).filter((n) => n.path.length > 0)
  for (const node of nodes.concat([machine.root])) {
    const lists = [...node.transitions.values(), node.always ?? []]
    for (const list of lists) {
      for (const t of list) {
        const targets = (t.target ?? []).map((n) => n.id).join(',') || '(self)'
        const base = `${t.source.id} --${t.eventType || '(always)'}--> ${targets}`
        const same = [...names.values()].filter((n) => n === base || n.startsWith(`${base} #`)).length
        names.set(t, same === 0 ? base : `${base} #${same + 1}`)
      }
    }
  }
  return names
}

/**
 * A few paths from the initial state that together take every transition of the machine that the model's events
 * reach (its graph from xstate/graph's adjacency map): each path goes on from where it is to the nearest edge
 * that takes a transition not yet taken, and ends only where the model offers nothing more (a final state), so
 * one path reuses its setup for as many transitions as it can.
 */
export function coveringPaths<M extends AnyStateMachine>(model: BrowserModel<M>): Ev<M>[][] {
  const adjacency = getAdjacencyMap(model.machine, {
    events: (state: AnyMachineSnapshot) => model.events(state),
    serializeState: (state: AnyMachineSnapshot) => model.serializeState(state),
    ...(model.input === undefined ? {} : { input: model.input }),
  } as never) as Record<
    string,
    { state: AnyMachineSnapshot; transitions: Record<string, { event: Ev<M>; state: AnyMachineSnapshot }> }
  >
  const keyOf = (state: AnyMachineSnapshot) => model.serializeState(state)
  const initial = Object.keys(adjacency)[0] ?? ''
  // The transitions each edge takes, found by sending its event to a model actor restored in its state.
  const names = transitionNames(model.machine)
  const takes = new Map<string, string[]>()
  for (const [from, entry] of Object.entries(adjacency)) {
    for (const [edge, next] of Object.entries(entry.transitions)) {
      const taken: string[] = []
      const actor = createActor(model.machine, {
        snapshot: entry.state,
        ...(model.input === undefined ? {} : { input: model.input }),
        inspect: (e: InspectionEvent) => {
          if (e.rootId !== e.actorRef.sessionId || e.type !== '@xstate.microstep') return
          for (const t of e._transitions) taken.push(names.get(t) ?? '')
        },
      } as never)
      actor.start()
      actor.send(next.event)
      actor.stop()
      takes.set(`${from}\n${edge}`, taken)
    }
  }
  const open = new Set([...takes.values()].flat())

  /** The shortest run of edges from `from` through an edge that takes a transition not yet taken. */
  const route = (from: string) => {
    const before = new Map<string, { prev: string; key: string; event: Ev<M> } | null>([[from, null]])
    const queue = [from]
    while (queue.length) {
      const at = queue.shift() as string
      for (const [edge, next] of Object.entries(adjacency[at]?.transitions ?? {})) {
        const key = `${at}\n${edge}`
        const ends = model.ends?.(next.event) ?? false
        if ((takes.get(key) ?? []).some((t) => open.has(t))) {
          const events: { key: string; event: Ev<M> }[] = [{ key, event: next.event }]
          for (let step = before.get(at); step; step = before.get(step.prev))
            events.unshift({ key: step.key, event: step.event })
          return { events, end: ends ? undefined : keyOf(next.state) }
        }
        const to = keyOf(next.state)
        if (!ends && !before.has(to)) {
          before.set(to, { prev: at, key, event: next.event })
          queue.push(to)
        }
      }
    }
    return undefined
  }

  /** A path ends where nothing runs: one that stops in a call goes on to its answer. */
  const finish = (path: Ev<M>[], at: string) => {
    const before = new Map<string, { prev: string; event: Ev<M> } | null>([[at, null]])
    const queue = [at]
    while (queue.length) {
      const here = queue.shift() as string
      if (!adjacency[here]?.state.hasTag('busy')) {
        const tail: Ev<M>[] = []
        for (let step = before.get(here); step; step = before.get(step.prev)) tail.unshift(step.event)
        return [...path, ...tail]
      }
      for (const next of Object.values(adjacency[here]?.transitions ?? {})) {
        const to = keyOf(next.state)
        if (!before.has(to)) {
          before.set(to, { prev: here, event: next.event })
          queue.push(to)
        }
      }
    }
    return path
  }

  const paths: Ev<M>[][] = []
  let path: Ev<M>[] = []
  let at = initial
  while (open.size) {
    let found = route(at)
    if (!found && path.length) {
      paths.push(finish(path, at))
      path = []
      at = initial
      found = route(at)
    }
    if (!found) break
    for (const { key, event } of found.events) {
      for (const t of takes.get(key) ?? []) open.delete(t)
      path.push(event)
    }
    if (found.end === undefined) {
      paths.push(path)
      path = []
      at = initial
    } else at = found.end
  }
  if (path.length) paths.push(finish(path, at))
  return paths
}

/** A model actor with the transitions it took and the state nodes it entered, by name. */
function modelActor<M extends AnyStateMachine>(model: BrowserModel<M>) {
  const names = transitionNames(model.machine)
  const nodes = getStateNodes(model.machine).filter((n) => n.path.length > 0)
  const taken = new Set<string>()
  const reached = new Set<string>()
  const actor = createActor(model.machine, {
    ...(model.input === undefined ? {} : { input: model.input }),
    inspect: (e) => {
      if (e.rootId !== e.actorRef.sessionId || e.type !== '@xstate.microstep') return
      for (const t of e._transitions) taken.add(names.get(t) ?? '')
      const snapshot = e.snapshot as AnyMachineSnapshot
      for (const node of nodes) if (snapshot.matches(node.path.join('.'))) reached.add(node.id)
    },
  })
  actor.start()
  const first = actor.getSnapshot() as AnyMachineSnapshot
  for (const node of nodes) if (first.matches(node.path.join('.'))) reached.add(node.id)
  return { actor, taken, reached }
}

/** The transitions and states the paths take on the model alone: what the journeys are planned to cover. */
export function plannedCoverage<M extends AnyStateMachine>(model: BrowserModel<M>, paths: Ev<M>[][]) {
  const taken = new Set<string>()
  const reached = new Set<string>()
  for (const path of paths) {
    const run = modelActor(model)
    for (const event of path) run.actor.send(event)
    run.actor.stop()
    for (const t of run.taken) taken.add(t)
    for (const s of run.reached) reached.add(s)
  }
  return { taken, reached }
}

const store = (name: string) => join(process.cwd(), 'test-results', 'model-paths', name)

/** Keeps what one path took in the browser, once every step and every screen check of it passed. */
function recordPath(name: string, index: number, taken: Set<string>, reached: Set<string>) {
  mkdirSync(store(name), { recursive: true })
  writeFileSync(
    join(store(name), `path-${index}.json`),
    JSON.stringify({ taken: [...taken], reached: [...reached] }),
  )
}

/**
 * The states and transitions of the machine that the recorded browser paths took, printed as the machine walk
 * prints its coverage, with each transition missing and why.
 */
export function browserCoverage<M extends AnyStateMachine>(model: BrowserModel<M>) {
  const names = [...transitionNames(model.machine).values()]
  const nodes = getStateNodes(model.machine)
    .filter((n) => n.path.length > 0)
    .map((n) => n.id)
  const taken = new Set<string>()
  const reached = new Set<string>()
  let paths = 0
  let files: string[] = []
  try {
    files = readdirSync(store(model.name)).filter((f) => f.endsWith('.json'))
  } catch {
    files = []
  }
  for (const file of files) {
    const recorded = JSON.parse(readFileSync(join(store(model.name), file), 'utf8')) as {
      taken: string[]
      reached: string[]
    }
    paths++
    for (const t of recorded.taken) taken.add(t)
    for (const s of recorded.reached) reached.add(s)
  }
  const missingTransitions = names.filter((n) => !taken.has(n))
  const pct = (a: number, b: number) => (b === 0 ? 100 : (100 * a) / b).toFixed(0).padStart(3)
  const lines = [
    `\nbrowser paths of ${model.name}: states ${reached.size}/${nodes.length} ${pct(reached.size, nodes.length)} %, transitions ${taken.size}/${names.length} ${pct(taken.size, names.length)} %, ${paths} paths`,
    ...nodes.filter((n) => !reached.has(n)).map((n) => `  state not reached: ${n}`),
    ...missingTransitions.map(
      (n) => `  not taken: ${n}${model.unreachable[n] ? ` (${model.unreachable[n]})` : ''}`,
    ),
  ]
  return { taken, reached, paths, missingTransitions, report: lines.join('\n') }
}

/**
 * What each event of a model is in the browser, and what each state shows. A step makes its event happen: a
 * user's action, or for an actor's answer what the server does by itself (often nothing to do but wait, which
 * the state's check does). `states` are keyed by a state value path such as `awaitingTan.entry`; every key the
 * model's state matches after a step is checked on the screen.
 */
export interface Journey<M extends AnyStateMachine, W> {
  steps: Record<
    string,
    (world: W, event: Ev<M>, before: AnyMachineSnapshot, next: Ev<M> | undefined) => Promise<void>
  >
  states: Record<string, (world: W, snapshot: AnyMachineSnapshot) => Promise<void>>
}

/**
 * Runs one path in the browser: each event's step, then the model takes the event, then every check of the
 * state it is in (none while the model is `busy`: a call is under way). What the model took is recorded only once the whole path passed.
 */
export async function runPath<M extends AnyStateMachine, W>(
  model: BrowserModel<M>,
  journey: Journey<M, W>,
  world: W,
  path: Ev<M>[],
  index: number,
) {
  const run = modelActor(model)
  for (const [i, event] of path.entries()) {
    const step = journey.steps[event.type]
    if (!step) throw new Error(`${model.name}: no step makes ${event.type} happen in the browser`)
    await step(world, event, run.actor.getSnapshot() as AnyMachineSnapshot, path[i + 1])
    run.actor.send(event)
    const snapshot = run.actor.getSnapshot() as AnyMachineSnapshot
    // While a call runs nothing has settled to be seen: its answer's step waits for it.
    if (snapshot.hasTag('busy')) continue
    for (const [key, check] of Object.entries(journey.states))
      if (snapshot.matches(key)) await check(world, snapshot)
  }
  run.actor.stop()
  recordPath(model.name, index, run.taken, run.reached)
}

/** A path as words, for the journey's title: its events, answers by their result. */
export function describePath(path: { type: string }[]): string {
  return path
    .map((event) => {
      const answer = (event as { output?: { result?: string } }).output?.result
      const type = event.type.replace(/^xstate\.done\.actor\./, 'answer ')
      return answer ? `${type} ${answer}` : type
    })
    .join(', ')
}
