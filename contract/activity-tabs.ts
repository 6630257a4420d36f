import * as v from 'valibot'

// What the /business/activity route checks its search with, apart from the rest of the activity contract: the
// route's search schema is in the app's first chunk, which must not carry the lists' schemas.

/**
 * The lists of a business's activity, one tab each on /business/activity: the three of SPEC §7 Activity, and
 * every use of its API users' keys.
 */
export const activityTabs = ['accounts', 'signatures', 'identifications', 'keys'] as const
export type ActivityTab = (typeof activityTabs)[number]

const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/

/** Whether `date` is a real calendar day written `YYYY-MM-DD` (2026-02-30 is not). */
export function isIsoDate(date: string): boolean {
  if (!isoDatePattern.test(date)) return false
  const parsed = new Date(`${date}T00:00:00Z`)
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === date
}

/** A day `YYYY-MM-DD`, checked to exist. */
export const isoDateSchema = v.pipe(v.string(), v.check(isIsoDate, 'must be a date written YYYY-MM-DD'))
