/**
 * The list filters of SPEC §4 (and `expired`, issue 40; `api`, the requests the business's API users sent, for
 * its admins alone, issue 39), in the order the list shows them.
 */
export const requestFilters = ['all', 'toSign', 'pending', 'declined', 'completed', 'expired', 'api'] as const

/** A signature request list filter. */
export type RequestFilter = (typeof requestFilters)[number]

/** The request list opens on 'all' (SPEC §9). */
export const defaultRequestFilter: RequestFilter = 'all'

/** The signatures_count the pending filter sends (SPEC §4, §9). */
export const pendingSignaturesCount = 672
