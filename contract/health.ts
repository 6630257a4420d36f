import * as v from 'valibot'

/** Answer of `GET /health` when the server and its database answer. */
export const healthResponseSchema = v.object({
  status: v.literal('ok'),
})

/** Health check answer. */
export type HealthResponse = v.InferOutput<typeof healthResponseSchema>
