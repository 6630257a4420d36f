import type { RouteRule } from './route-access.types.ts'
import { routeTable } from './route-table.ts'

// Static segments outrank parameters, and the catch-all comes last (as TanStack Router ranks them).
const staticRank = 2
const paramRank = 1

interface Compiled {
  rule: RouteRule
  segments: string[]
  splat: boolean
}

const segmentsOf = (path: string) => path.split('/').filter((s) => s !== '')

const compile = (rule: RouteRule): Compiled => {
  const segments = segmentsOf(rule.path)
  const splat = segments.at(-1) === '$'
  return { rule, segments: splat ? segments.slice(0, -1) : segments, splat }
}

const compiled = routeTable.map(compile)

/** Ranks of a match per segment, or null when the route does not match. */
function match(route: Compiled, parts: string[]): number[] | null {
  if (route.splat ? parts.length < route.segments.length : parts.length !== route.segments.length) return null
  const ranks: number[] = []
  for (const [i, segment] of route.segments.entries()) {
    const part = parts[i] ?? ''
    if (segment.startsWith('$')) ranks.push(paramRank)
    else if (segment === part) ranks.push(staticRank)
    else return null
  }
  return ranks
}

const outranks = (a: number[], b: number[]) => {
  for (const [i, rank] of a.entries()) {
    const other = b[i] ?? 0
    if (rank !== other) return rank > other
  }
  return false
}

/**
 * The rule of a concrete path (`/view/abc?x=1` gives the `/view/$srid` rule); search, hash and a
 * trailing slash are ignored. A path no route matches gets the catch-all 404 rule.
 */
export function findRoute(path: string): RouteRule {
  const parts = segmentsOf(path.split(/[?#]/, 1)[0] ?? '')
  let best: { rule: RouteRule; ranks: number[]; splat: boolean } | null = null
  for (const route of compiled) {
    const ranks = match(route, parts)
    if (ranks === null) continue
    const better =
      best === null ||
      (best.splat && !route.splat) ||
      (best.splat === route.splat && outranks(ranks, best.ranks))
    if (better) best = { rule: route.rule, ranks, splat: route.splat }
  }
  if (best) return best.rule
  // Unreachable while the table holds the catch-all `/$`.
  throw new Error('route_access.no_catch_all')
}
