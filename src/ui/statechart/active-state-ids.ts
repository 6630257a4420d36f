import type { StateValue } from 'xstate'

/** Ids of every active state (`awaitingTan`, `awaitingTan.entry`), as describeMachine names them. */
export function activeStateIds(value: StateValue, parent: readonly string[] = []): string[] {
  if (typeof value === 'string') return [[...parent, value].join('.')]
  return Object.entries(value).flatMap(([key, child]) => {
    const path = [...parent, key]
    return child === undefined ? [path.join('.')] : [path.join('.'), ...activeStateIds(child, path)]
  })
}
