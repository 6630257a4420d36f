import type { RunnerResult } from 'lighthouse'
import { LanternFirstContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-first-contentful-paint.js'
import { LanternInteractive } from 'lighthouse/core/computed/metrics/lantern-interactive.js'
import { LanternTotalBlockingTime } from 'lighthouse/core/computed/metrics/lantern-total-blocking-time.js'
import * as Lantern from 'lighthouse/core/lib/lantern/lantern.js'

/** One of the main thread's tasks that makes up a run's Total Blocking Time, as Lighthouse simulated it. */
export type BlockingTask = {
  /** Its share of the Total Blocking Time, ms (the mean of Lighthouse's optimistic and pessimistic estimates). */
  blockingMs: number
  /** How long it took in the browser, ms, before Lighthouse's simulation slowed it down (4x on mobile). */
  observedMs: number
  /** When it began in the browser, ms after the navigation started. */
  atMs: number
  /** What it did: its largest trace events, with the file of a script they ran. */
  what: string
}

type TraceEvent = {
  name: string
  ts: number
  dur?: number
  args?: { data?: { url?: string; documentLoaderURL?: string; isLoadingMainFrame?: boolean } }
}
type CpuNode = { type: 'cpu'; event: TraceEvent; childEvents: TraceEvent[] }
type Estimate = {
  timeInMs: number
  nodeTimings: Map<CpuNode | { type: 'network' }, { startTime: number; endTime: number; duration: number }>
}
type Metric = { optimisticEstimate: Estimate; pessimisticEstimate: Estimate }

// Wrappers that say nothing of what a task did.
const wrappers = new Set(['RunTask', 'ThreadControllerImpl::RunTask', 'v8.callFunction'])

/**
 * The tasks that make up a Lighthouse run's Total Blocking Time, largest share first: Lighthouse's own
 * simulation (Lantern) of the run, taken apart per task as Lighthouse sums it: the part of each simulated task
 * beyond 50 ms that falls between First Contentful Paint and Time to Interactive. The shares add up to the
 * run's TBT. What a run's TBT is made of is what tells where the main thread's time goes; its total moves
 * from run to run on a host that the browser shares with the server.
 */
export async function blockingTasks(result: RunnerResult): Promise<BlockingTask[]> {
  const artifacts = result.artifacts as unknown as Record<string, unknown>
  const data = {
    trace: artifacts.Trace,
    devtoolsLog: artifacts.DevtoolsLog,
    gatherContext: artifacts.GatherContext,
    settings: result.lhr.configSettings,
    simulator: null,
    URL: artifacts.URL,
  }
  const context = { computedCache: new Map() }
  const request = (metric: unknown) =>
    (metric as { request(data: unknown, context: unknown): Promise<Metric> }).request(data, context)
  const [tbt, fcp, interactive] = await Promise.all([
    request(LanternTotalBlockingTime),
    request(LanternFirstContentfulPaint),
    request(LanternInteractive),
  ])
  // As Lighthouse does: each estimate counts from the other estimate's First Contentful Paint.
  const windows = [
    [tbt.optimisticEstimate, fcp.pessimisticEstimate.timeInMs, interactive.optimisticEstimate.timeInMs],
    [tbt.pessimisticEstimate, fcp.optimisticEstimate.timeInMs, interactive.pessimisticEstimate.timeInMs],
  ] as const
  const shares = new Map<CpuNode, number>()
  for (const [estimate, from, to] of windows)
    for (const [node, { startTime, endTime, duration }] of estimate.nodeTimings) {
      if (node.type !== 'cpu') continue
      const share = Lantern.Metrics.TBTUtils.calculateTbtImpactForEvent(
        { start: startTime, end: endTime, duration },
        from,
        to,
      )
      if (share > 0) shares.set(node, (shares.get(node) ?? 0) + share / windows.length)
    }
  const navigationStart = (artifacts.Trace as { traceEvents: TraceEvent[] }).traceEvents.find(
    ({ name, args }) =>
      name === 'navigationStart' &&
      args?.data?.isLoadingMainFrame === true &&
      args.data.documentLoaderURL === result.lhr.mainDocumentUrl,
  )?.ts
  return [...shares]
    .sort(([, a], [, b]) => b - a)
    .map(([node, blockingMs]) => ({
      blockingMs,
      observedMs: (node.event.dur ?? 0) / 1000,
      atMs: navigationStart === undefined ? Number.NaN : (node.event.ts - navigationStart) / 1000,
      what: describe(node),
    }))
}

function describe(node: CpuNode): string {
  const largest = node.childEvents
    .filter((event) => !wrappers.has(event.name) && (event.dur ?? 0) > 0)
    .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
    .slice(0, 2)
  if (largest.length === 0) return node.event.name
  return largest
    .map((event) => {
      const url = event.args?.data?.url
      return url ? `${event.name} ${url.replace(/^.*\//, '')}` : event.name
    })
    .join(', ')
}
