import * as v from 'valibot'

/** POST /api/dev/clock (outside production): how far to move the server's clock forward. */
export const advanceClockSchema = v.object({
  advanceSeconds: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(400 * 24 * 60 * 60)),
})
