import * as v from 'valibot'

/**
 * The lanes the server runs its jobs in, each with its own places: mail, callbacks to API users,
 * the hourly upkeep, billing (trials, payments, a business's deletion) and the rows of bulk sends.
 */
export const jobLanes = ['mail', 'callbacks', 'upkeep', 'billing', 'bulk'] as const
export type JobLane = (typeof jobLanes)[number]

/** How the jobs of one lane, or of all of them, fare. */
const jobCountsSchema = v.object({
  /** Due or scheduled, including those whose process died while running them (they are taken again). */
  waiting: v.number(),
  /** Under way in a live process. */
  running: v.number(),
  /** Ran out of tries. */
  failed: v.number(),
  /** Seconds the longest-waiting due job has waited; 0 when none is due. */
  oldestWaitingSeconds: v.number(),
})

/** Answer of `GET /health` when the server and its database answer. */
export const healthResponseSchema = v.object({
  status: v.literal('ok'),
  /** The jobs (mails, callbacks, upkeep, billing) in all lanes, and in each lane under `lanes`. */
  jobs: v.object({
    ...jobCountsSchema.entries,
    lanes: v.object({
      mail: jobCountsSchema,
      callbacks: jobCountsSchema,
      upkeep: jobCountsSchema,
      billing: jobCountsSchema,
      bulk: jobCountsSchema,
    }),
  }),
})

/** Health check answer. */
export type HealthResponse = v.InferOutput<typeof healthResponseSchema>
