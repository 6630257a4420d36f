import { readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { parse } from 'yaml'

/** The three descriptions of Skribble's public API bundled in api/skribble/, and where Signet serves each. */
const skribbleDescriptions = [
  { name: 'sign_v2', base: '/skribble/v2' },
  { name: 'sign_v3', base: '/skribble/v3' },
  { name: 'validation_v1', base: '/skribble/validation/v1' },
] as const

/** One operation of a description, every `$ref` in it resolved. */
export type DescribedOperation = {
  description: (typeof skribbleDescriptions)[number]['name']
  base: string
  method: string
  path: string
  operationId: string
  operation: Record<string, unknown>
}

const root = resolve(import.meta.dirname, '../../../api/skribble')
const methods = ['get', 'post', 'put', 'delete', 'patch'] as const

/** Every operation of the three descriptions, in the order each description lists them. */
export function describedOperations(): DescribedOperation[] {
  return skribbleDescriptions.flatMap(({ name, base }) => {
    const file = join(root, name, 'openapi.yaml')
    const document = resolveRefs(parse(readFileSync(file, 'utf8')), file, []) as {
      paths: Record<string, Record<string, Record<string, unknown>>>
    }
    return Object.entries(document.paths).flatMap(([path, item]) =>
      methods
        .filter((method) => item[method] !== undefined)
        .map((method) => {
          const operation = item[method] as Record<string, unknown>
          return {
            description: name,
            base,
            method: method.toUpperCase(),
            path,
            operationId: String(operation.operationId ?? `${method} ${path}`),
            operation,
          }
        }),
    )
  })
}

// Replaces each `$ref` (a file relative to the one that names it, and/or a JSON pointer in it) by what it
// points at; a reference back into one being resolved is left as it is (none of the three has one).
function resolveRefs(node: unknown, file: string, seen: string[]): unknown {
  if (Array.isArray(node)) return node.map((item) => resolveRefs(item, file, seen))
  if (node === null || typeof node !== 'object') return node
  const ref = (node as { $ref?: unknown }).$ref
  if (typeof ref === 'string') {
    const [target = '', pointer = ''] = ref.split('#')
    const targetFile = target === '' ? file : resolve(dirname(file), target)
    const key = `${targetFile}#${pointer}`
    if (seen.includes(key)) return node
    const text = readFileSync(targetFile, 'utf8')
    const value = pointer
      .split('/')
      .filter((part) => part !== '')
      .reduce<unknown>((at, part) => (at as Record<string, unknown>)[decodeURIComponent(part)], parse(text))
    return resolveRefs(value, targetFile, [...seen, key])
  }
  return Object.fromEntries(
    Object.entries(node).map(([name, value]) => [name, resolveRefs(value, file, seen)]),
  )
}
