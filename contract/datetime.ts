import * as v from 'valibot'

/** Answer of `GET /v1/datetime`: the server's current time as an ISO 8601 timestamp. */
export const datetimeResponseSchema = v.object({
  now: v.pipe(v.string(), v.isoTimestamp()),
})

/** Server time (SPEC §3 UI entities). */
export type DatetimeResponse = v.InferOutput<typeof datetimeResponseSchema>
