import * as v from 'valibot'

/** Answer of `GET /health` when the server and its database answer. */
export const healthResponseSchema = v.object({
  status: v.literal('ok'),
  /** The jobs waiting to run (mails, upkeep) and those that ran out of tries. */
  jobs: v.object({
    waiting: v.number(),
    failed: v.number(),
    /** Seconds the longest-waiting due job has waited; 0 when none is due. */
    oldestWaitingSeconds: v.number(),
  }),
})

/** Health check answer. */
export type HealthResponse = v.InferOutput<typeof healthResponseSchema>
