import type { MachineDescription } from './describe-machine.ts'

const quote = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`
const nodeId = (id: string) => quote(id === '' ? '*' : id)
const clusterId = (id: string) => quote(`cluster_${id}`)

/**
 * Writes a machine as Graphviz DOT: compound states are clusters, transitions into or out of a
 * compound state are drawn to its first leaf and clipped at the cluster's border.
 * `active` names state ids to highlight (the live viewer's current state).
 */
export function toDot(description: MachineDescription, active: ReadonlySet<string> = new Set()): string {
  const byId = new Map(description.states.map((s) => [s.id, s]))
  const entryLeaf = (id: string): string => {
    const state = byId.get(id)
    if (!state || state.children.length === 0) return id
    return entryLeaf(state.initial ?? state.children[0] ?? id)
  }
  const lines = [
    `digraph ${quote(description.id)} {`,
    '  compound=true; rankdir=LR; fontname="Helvetica"; nodesep=0.35; ranksep=0.5;',
    '  node [shape=box style="rounded,filled" fillcolor="#ffffff" color="#1f5fd1" fontname="Helvetica" fontsize=11];',
    '  edge [color="#545d68" fontname="Helvetica" fontsize=9];',
    '  "[start]" [shape=circle label="" width=0.15 style=filled fillcolor="#1b1f24"];',
  ]
  const write = (parent: string | undefined, indent: string) => {
    for (const state of description.states.filter((s) => s.parent === parent)) {
      const highlighted = active.has(state.id)
      if (state.children.length > 0) {
        lines.push(`${indent}subgraph ${clusterId(state.id)} {`)
        lines.push(
          `${indent}  label=${quote(state.label)}; style="rounded${state.kind === 'parallel' ? ',dashed' : ''}${highlighted ? ',filled' : ''}"; color="#1f5fd1"; fillcolor="#e8effc";`,
        )
        write(state.id, `${indent}  `)
        lines.push(`${indent}}`)
      } else {
        const shape = state.kind === 'final' ? ' peripheries=2' : ''
        const fill = highlighted ? ' fillcolor="#1f5fd1" fontcolor="#ffffff"' : ''
        lines.push(`${indent}${nodeId(state.id)} [label=${quote(state.label)}${shape}${fill}];`)
      }
    }
  }
  write(undefined, '  ')
  if (description.initial) lines.push(`  "[start]" -> ${nodeId(entryLeaf(description.initial))};`)
  if (description.transitions.some((t) => t.source === '')) {
    lines.push('  "*" [label="any state" shape=note fillcolor="#f5f7fa"];')
  }
  for (const t of description.transitions) {
    const source = t.source === '' ? '' : t.source
    const target = t.target ?? source
    const attributes = [`label=${quote(t.label)}`]
    const from = source === '' ? '' : entryLeaf(source)
    const to = entryLeaf(target)
    if (source !== '' && byId.get(source)?.children.length) attributes.push(`ltail=${clusterId(source)}`)
    if (target !== '' && byId.get(target)?.children.length) attributes.push(`lhead=${clusterId(target)}`)
    lines.push(`  ${nodeId(from)} -> ${nodeId(to)} [${attributes.join(' ')}];`)
  }
  lines.push('}')
  return `${lines.join('\n')}\n`
}
