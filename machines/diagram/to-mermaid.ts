import type { MachineDescription } from './describe-machine.ts'

/** The pseudo-state that stands for "in any state" (transitions defined on the machine itself). */
const anyStateId = '*'

const mermaidId = (id: string) => (id === anyStateId ? 'any_state' : id.replace(/[^A-Za-z0-9]/g, '_'))
const text = (s: string) => s.replace(/[:;#{}]/g, ' ').trim()

/** Writes a machine as a Mermaid `stateDiagram-v2`. */
export function toMermaid(description: MachineDescription): string {
  const lines = ['stateDiagram-v2']
  const childrenOf = (parent: string | undefined) => description.states.filter((s) => s.parent === parent)
  const write = (parent: string | undefined, indent: string, initial: string | undefined) => {
    if (initial) lines.push(`${indent}[*] --> ${mermaidId(initial)}`)
    for (const state of childrenOf(parent)) {
      lines.push(`${indent}state "${text(state.label)}" as ${mermaidId(state.id)}`)
      if (state.children.length > 0) {
        lines.push(`${indent}state ${mermaidId(state.id)} {`)
        write(state.id, `${indent}  `, state.kind === 'parallel' ? undefined : state.initial)
        lines.push(`${indent}}`)
      }
      if (state.kind === 'final') lines.push(`${indent}${mermaidId(state.id)} --> [*]`)
    }
  }
  write(undefined, '  ', description.initial)
  if (description.transitions.some((t) => t.source === '')) lines.push(`  state "any state" as any_state`)
  for (const t of description.transitions) {
    const source = t.source === '' ? anyStateId : t.source
    lines.push(`  ${mermaidId(source)} --> ${mermaidId(t.target ?? source)} : ${text(t.label)}`)
  }
  return `${lines.join('\n')}\n`
}
