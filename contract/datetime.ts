import * as v from 'valibot'

/** Answer of `GET /v1/datetime`: the server's current time as an ISO 8601 timestamp. */
export const datetimeResponseSchema = v.object({
  now: v.pipe(v.string(), v.isoTimestamp()),
})

/** Server time (SPEC §3 UI entities). */
export type DatetimeResponse = v.InferOutput<typeof datetimeResponseSchema>

/** A day in milliseconds: the unit of lifetimes, trials, retention and schedules on the server's clock. */
export const dayMs = 24 * 60 * 60 * 1000
