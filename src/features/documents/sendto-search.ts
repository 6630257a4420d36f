import * as v from 'valibot'

/** The search of /sendto/{id}: the link's secret; a missing one is empty, which the server refuses. */
export const sendtoSearchSchema = v.object({
  token: v.optional(v.fallback(v.string(), ''), ''),
})
