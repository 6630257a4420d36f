import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate'

/** One state of a machine, as a diagram draws it. */
interface DiagramState {
  /** Unique id: the state's path joined with dots (`tan.entry`); the root is ''. */
  id: string
  /** The state's own name. */
  label: string
  parent: string | undefined
  kind: 'atomic' | 'compound' | 'parallel' | 'final' | 'history'
  /** Id of the child entered first, for compound states. */
  initial: string | undefined
  children: string[]
}

/** One transition, with the event (or delay, or actor result) that takes it. */
interface DiagramTransition {
  source: string
  /** Undefined for a transition that stays (an internal, targetless one). */
  target: string | undefined
  label: string
}

/** A machine flattened into states and transitions for Mermaid, Graphviz and the live viewer. */
export interface MachineDescription {
  id: string
  /** Id of the top-level state entered first. */
  initial: string | undefined
  states: DiagramState[]
  transitions: DiagramTransition[]
}

const idOf = (node: AnyStateNode) => node.path.join('.')

/** Reads an event type the way a designer says it: delays, actor results and completions. */
function eventLabel(eventType: string): string {
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType)
  if (after) return `after ${after[1]}`
  const done = /^xstate\.done\.actor\.(.+)$/.exec(eventType)
  if (done) return `${done[1]} done`
  const error = /^xstate\.error\.actor\.(.+)$/.exec(eventType)
  if (error) return `${error[1]} failed`
  if (eventType.startsWith('xstate.done.state.')) return 'done'
  if (eventType === '') return 'always'
  return eventType
}

function guardLabel(transition: AnyTransitionDefinition): string {
  const guard = transition.guard as { type?: string; params?: unknown } | string | undefined
  if (!guard) return ''
  if (typeof guard === 'string') return ` [${guard}]`
  const params =
    guard.params && typeof guard.params === 'object' ? Object.values(guard.params).map(String).join(', ') : ''
  return ` [${guard.type ?? 'guard'}${params ? `: ${params}` : ''}]`
}

/** Flattens a machine's state nodes and transitions, in definition order. */
export function describeMachine(machine: AnyStateMachine): MachineDescription {
  const states: DiagramState[] = []
  const transitions: DiagramTransition[] = []
  const visit = (node: AnyStateNode) => {
    const children = Object.values(node.states) as AnyStateNode[]
    if (node.path.length > 0) {
      const initialTarget = node.initial?.target?.[0] as AnyStateNode | undefined
      states.push({
        id: idOf(node),
        label: node.key,
        parent: node.path.length > 1 ? node.path.slice(0, -1).join('.') : undefined,
        kind: node.type,
        initial: initialTarget ? idOf(initialTarget) : undefined,
        children: children.map(idOf),
      })
    }
    const own = [...node.transitions.values()].flat().concat(node.always ?? [])
    for (const t of own) {
      const targets = (t.target ?? []) as AnyStateNode[]
      const label = `${eventLabel(t.eventType)}${guardLabel(t)}`
      if (targets.length === 0) transitions.push({ source: idOf(node), target: undefined, label })
      for (const target of targets) transitions.push({ source: idOf(node), target: idOf(target), label })
    }
    for (const child of children) visit(child)
  }
  visit(machine.root)
  const initial = machine.root.initial?.target?.[0] as AnyStateNode | undefined
  return { id: machine.id, initial: initial ? idOf(initial) : undefined, states, transitions }
}
