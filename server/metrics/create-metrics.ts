import { count } from 'drizzle-orm'
import type { MiddlewareHandler } from 'hono'
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import { jobLanes } from '../../contract/health.ts'
import { signatureQualities } from '../../contract/signature-qualities.ts'
import type { Database } from '../db/open-database.ts'
import { signatureUsages } from '../db/schema/signature-requests.ts'
import { type DocumentErrorCode, documentErrorStatus } from '../documents/document-error.ts'
import { ApiError } from '../http/api-error.ts'
import { countJobs } from '../jobs/count-jobs.ts'
import type { JobQueue } from '../jobs/job-queue.ts'
import { validationRefusals } from '../signing/validate-pdf.ts'
import type { ValidationPool } from '../signing/validate-pool.ts'

/** What the metrics read at scrape time. */
export type MetricsSources = {
  db: Database
  now: () => Date
  laneOf: JobQueue['laneOf']
  /** @default none: the validation figures stay 0 */
  validator?: Pick<ValidationPool, 'load'> | undefined
}

/** The server's Prometheus metrics, and the middleware that measures the requests into them. */
export type Metrics = {
  registry: Registry
  /** Measures each request under its route pattern, and counts the documents refused, by reason. */
  measureRequests: MiddlewareHandler
}

// The codes that refuse an uploaded file or one given for validation; the other document codes answer for a
// missing document or page.
const refusalReasons: string[] = [
  ...(Object.keys(documentErrorStatus) as DocumentErrorCode[]).filter(
    (code) => code !== 'document.not_found' && code !== 'document.page_not_found',
  ),
  ...validationRefusals,
]

/**
 * The metrics of one app, in a registry of its own: requests per route pattern (a count and latency
 * histogram), documents refused per reason, and, read at scrape time, the jobs per lane and state, the
 * signatures given per quality, the validation queue, and Node's process figures (memory, CPU, event loop).
 */
export function createMetrics({ db, now, laneOf, validator }: MetricsSources): Metrics {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  const requests = new Histogram({
    name: 'signet_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status; its _count is the requests answered',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  })
  const refused = new Counter({
    name: 'signet_documents_refused_total',
    help: 'Documents refused, uploaded or given for validation, by reason (the error code answered)',
    labelNames: ['reason'] as const,
    registers: [registry],
  })
  for (const reason of refusalReasons) refused.inc({ reason }, 0)
  new Gauge({
    name: 'signet_jobs',
    help: 'Durable jobs by lane and state (waiting, running, failed), in the database that all processes share',
    labelNames: ['lane', 'state'] as const,
    registers: [registry],
    async collect() {
      const { lanes } = await countJobs(db, now(), laneOf)
      for (const lane of jobLanes) {
        for (const state of ['waiting', 'running', 'failed'] as const)
          this.set({ lane, state }, lanes[lane][state])
      }
    },
  })
  new Gauge({
    name: 'signet_jobs_oldest_waiting_seconds',
    help: 'Seconds the longest-waiting due job of each lane has waited; 0 when none is due',
    labelNames: ['lane'] as const,
    registers: [registry],
    async collect() {
      const { lanes } = await countJobs(db, now(), laneOf)
      for (const lane of jobLanes) this.set({ lane }, lanes[lane].oldestWaitingSeconds)
    },
  })
  new Gauge({
    name: 'signet_signatures',
    help: 'Signatures given, by quality (ses, aes, qes), as the activity records them (its last 731 days)',
    labelNames: ['quality'] as const,
    registers: [registry],
    async collect() {
      const rows = await db
        .select({ quality: signatureUsages.quality, given: count() })
        .from(signatureUsages)
        .groupBy(signatureUsages.quality)
      for (const quality of signatureQualities) {
        this.set({ quality }, rows.find((row) => row.quality === quality)?.given ?? 0)
      }
    },
  })
  new Gauge({
    name: 'signet_validations',
    help: 'PDF validations of this process by state: waiting for a worker, or running',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const load = validator?.load() ?? { waiting: 0, running: 0 }
      this.set({ state: 'waiting' }, load.waiting)
      this.set({ state: 'running' }, load.running)
    },
  })
  const measureRequests: MiddlewareHandler = async (c, next) => {
    const stopTimer = requests.startTimer()
    await next()
    // After the chain, the route index is the one of the route that answered: its pattern, not the path.
    stopTimer({ method: c.req.method, route: c.req.routePath, status: String(c.res.status) })
    if (c.error instanceof ApiError && refusalReasons.includes(c.error.code))
      refused.inc({ reason: c.error.code })
  }
  return { registry, measureRequests }
}
