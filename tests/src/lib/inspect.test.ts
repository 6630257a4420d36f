import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { parseAst } from 'rolldown/parseAst'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '../../..')

/** Every TypeScript file of the app. */
function appFiles(dir = join(root, 'src')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return appFiles(path)
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.gen.ts') ? [path] : []
  })
}

/** The calls that start an actor, as XState and @xstate/react name them. */
const starters = new Set(['createActor', 'useActorRef', 'useMachine'])

type Node = { type: string; start: number; [key: string]: unknown }

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string'

/** Each place the app starts an actor, and whether its options give it the app's inspector. */
function actorStarts(file: string) {
  const text = readFileSync(file, 'utf8')
  const starts: { at: string; inspected: boolean }[] = []
  const visit = (node: Node) => {
    const callee = node.callee as Node | undefined
    if (
      node.type === 'CallExpression' &&
      callee?.type === 'Identifier' &&
      starters.has(callee.name as string)
    ) {
      const options = (node.arguments as Node[])[1]
      const inspected =
        options?.type === 'ObjectExpression' &&
        (options.properties as Node[]).some((p) => (p.key as Node | undefined)?.name === 'inspect')
      const line = text.slice(0, node.start).split('\n').length
      starts.push({ at: `${relative(root, file)}:${line} ${callee.name}`, inspected })
    }
    for (const value of Object.values(node)) {
      for (const child of Array.isArray(value) ? value : [value]) if (isNode(child)) visit(child)
    }
  }
  visit(parseAst(text, { lang: file.endsWith('x') ? 'tsx' : 'ts' }) as unknown as Node)
  return starts
}

describe("the app's actors in Stately's inspector (issue 38)", () => {
  const starts = appFiles().flatMap(actorStarts)

  it('finds the actors the app starts', () => {
    // The session, the dialog and snackbar hosts, signing, the payment, upload and login flows, and the rest.
    expect(starts.length).toBeGreaterThan(20)
  })

  it('gives every one of them the inspector, so a designer with ?inspect watches any flow live', () => {
    expect(starts.filter((s) => !s.inspected).map((s) => s.at)).toEqual([])
  })
})
