import * as v from 'valibot'
import { type ActivityTab, activityTabs, isIsoDate, isoDateSchema } from './activity-tabs.ts'
import { dayMs } from './datetime.ts'
import { signatureQualities } from './signature-qualities.ts'

export { type ActivityTab, activityTabs, isIsoDate, isoDateSchema }

/** The two lists that export as CSV. */
export type ActivityExport = 'signatures' | 'identifications'

/** The columns each list sorts by (wire names): every column it shows. */
export const activitySortColumns = {
  accounts: ['name', 'email', 'kind', 'joined_at', 'requests_sent', 'signatures_made'],
  signatures: ['signed_at', 'signer_name', 'signer_email', 'title', 'quality', 'seal_name'],
  identifications: ['identified_at', 'name', 'email', 'method'],
  keys: ['used_at', 'username', 'method', 'route', 'status'],
} as const satisfies Record<ActivityTab, readonly string[]>

/** A sortable column of list `T`. */
export type ActivitySortColumn<T extends ActivityTab> = (typeof activitySortColumns)[T][number]

/** A sort of list `T` as the wire writes it: `signed_at,desc`. */
export type ActivitySort<T extends ActivityTab> = `${ActivitySortColumn<T>},${'asc' | 'desc'}`

/** SPEC §9 leaves the activity query's defaults open: these are ours. Newest signature first. */
export const defaultActivitySort: { [T in ActivityTab]: ActivitySort<T> } = {
  accounts: 'name,asc',
  signatures: 'signed_at,desc',
  identifications: 'identified_at,desc',
  keys: 'used_at,desc',
}
export const defaultActivityPageSize = 25
export const maxActivityPageSize = 100
/** Without dates, a list covers the 30 days that end today (the server's day, UTC). */
export const defaultActivityDays = 30
/** The longest range one query covers: two years, so a year compares with the one before. */
export const maxActivityDays = 731

/** A parsed sort: its column and direction. */
export function parseActivitySort<T extends ActivityTab>(
  tab: T,
  sort: string,
): { column: ActivitySortColumn<T>; direction: 'asc' | 'desc' } | undefined {
  const [column, direction, ...rest] = sort.split(',')
  const columns: readonly string[] = activitySortColumns[tab]
  if (rest.length > 0 || column === undefined || !columns.includes(column)) return undefined
  if (direction !== 'asc' && direction !== 'desc') return undefined
  return { column: column as ActivitySortColumn<T>, direction }
}

const intParam = (min: number, max: number) =>
  v.pipe(
    v.string(),
    v.regex(/^\d{1,9}$/, 'must be an integer'),
    v.transform(Number),
    v.minValue(min),
    v.maxValue(max),
  )

/** The dates of an activity query (wire names); both optional, see {@link resolveActivityRange}. */
const rangeEntries = {
  start_date: v.optional(isoDateSchema),
  end_date: v.optional(isoDateSchema),
}

/**
 * Query of `GET /v2/businesses/{id}/activities/{tab}` (SPEC §3 Activity query, wire names): `page` counts
 * from 0; `sort` is a shown column and `asc` or `desc`.
 */
export function activityQuerySchema(tab: ActivityTab) {
  const sort: string = defaultActivitySort[tab]
  return v.object({
    page: v.optional(intParam(0, 1_000_000), '0'),
    size: v.optional(intParam(1, maxActivityPageSize), String(defaultActivityPageSize)),
    sort: v.optional(
      v.pipe(
        v.string(),
        v.check(
          (sort) => parseActivitySort(tab, sort) !== undefined,
          `must be one of ${activitySortColumns[tab].join(', ')}, then ,asc or ,desc`,
        ),
      ),
      sort,
    ),
    ...rangeEntries,
  })
}

/** Groupings of the signature export: none (a row per signature) or a row per person (the cost centre report). */
export const signatureExportGroupings = ['member'] as const
export type SignatureExportGrouping = (typeof signatureExportGroupings)[number]

/** Query of `GET .../activities/signatures/export`. */
export const signatureExportQuerySchema = v.object({
  group_by: v.optional(v.picklist(signatureExportGroupings)),
  ...rangeEntries,
})

/** Query of `GET .../activities/identifications/export` and `GET .../statistics/monthly`. */
export const activityRangeQuerySchema = v.object(rangeEntries)

/** A day range, both days included (UTC). */
export type ActivityRange = { startDate: string; endDate: string }

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10)

/** The range a query asks for, or the wrong field (wire name) and why. */
export type ResolvedRange =
  | { ok: true; range: ActivityRange }
  | { ok: false; field: 'start_date' | 'end_date'; message: string }

/**
 * The range of an activity query: `end_date` defaults to `today` (the server's day), `start_date` to 30 days
 * that end there. A start after the end, or a range over {@link maxActivityDays}, names the field the caller
 * gave (the end when both).
 */
export function resolveActivityRange(
  query: { start_date?: string; end_date?: string },
  today: string,
): ResolvedRange {
  const endDate = query.end_date ?? today
  const startDate = query.start_date ?? addDays(endDate, 1 - defaultActivityDays)
  const blame = query.end_date === undefined ? 'start_date' : 'end_date'
  if (startDate > endDate)
    return { ok: false, field: blame, message: `${blame}: the range ends before it starts` }
  if (addDays(startDate, maxActivityDays - 1) < endDate)
    return { ok: false, field: blame, message: `${blame}: a range covers at most ${maxActivityDays} days` }
  return { ok: true, range: { startDate, endDate } }
}

/** The day of `at` in UTC, `YYYY-MM-DD`. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10)

/**
 * Who a person of the business is: an admin, a member, or one of its API users; a signer of its signatures who
 * has since left it or deleted their account is a former member.
 */
export const activityPersonKinds = ['admin', 'member', 'api', 'former'] as const
export type ActivityPersonKind = (typeof activityPersonKinds)[number]

const pageEntries = {
  page: v.number(),
  size: v.number(),
  total: v.number(),
  sort: v.string(),
  /** The range the answer covers: the query's, or the defaults the server applied. */
  startDate: v.string(),
  endDate: v.string(),
}

/**
 * One person of the business in the accounts list: an API user's name is its username and it has no
 * e-mail; `joinedAt` is when it joined (an API user: when it was made).
 */
export const accountActivitySchema = v.object({
  userId: v.string(),
  kind: v.picklist(activityPersonKinds),
  name: v.nullable(v.string()),
  email: v.nullable(v.string()),
  joinedAt: v.string(),
  /** Requests they sent (drafts not counted) in the range. */
  requestsSent: v.number(),
  /** Signatures they gave in the range. */
  signaturesMade: v.number(),
})
export type AccountActivity = v.InferOutput<typeof accountActivitySchema>

/** One signature given in the range by one of the business's people, from its record of use. */
export const signatureActivitySchema = v.object({
  id: v.string(),
  requestId: v.string(),
  /** The request's title; null once the request is deleted (its record of use stays). */
  title: v.nullable(v.string()),
  signerKind: v.picklist(activityPersonKinds),
  signerName: v.nullable(v.string()),
  signerEmail: v.nullable(v.string()),
  quality: v.picklist(signatureQualities),
  signedAt: v.string(),
  /** The label of the seal it was given with, if any. */
  sealName: v.nullable(v.string()),
})
export type SignatureActivity = v.InferOutput<typeof signatureActivitySchema>

/** One identification of one of the business's people (issue 16 makes them). */
export const identificationActivitySchema = v.object({
  id: v.string(),
  name: v.nullable(v.string()),
  email: v.nullable(v.string()),
  method: v.string(),
  identifiedAt: v.string(),
})
export type IdentificationActivity = v.InferOutput<typeof identificationActivitySchema>

/**
 * One call an API user of the business made with its key, or with a token it traded the key for: refused
 * ones too (a read-only key writing, past the rate limit), as they are uses of the key.
 */
export const keyUseActivitySchema = v.object({
  id: v.string(),
  username: v.string(),
  method: v.string(),
  /** The call's route, its ids left as parameters (`/v3/signature-requests/:id`). */
  route: v.string(),
  /** The HTTP status it was answered with. */
  status: v.number(),
  ip: v.string(),
  usedAt: v.string(),
})
export type KeyUseActivity = v.InferOutput<typeof keyUseActivitySchema>

export const accountActivityPageSchema = v.object({ items: v.array(accountActivitySchema), ...pageEntries })
export const signatureActivityPageSchema = v.object({
  items: v.array(signatureActivitySchema),
  ...pageEntries,
})
export const identificationActivityPageSchema = v.object({
  items: v.array(identificationActivitySchema),
  ...pageEntries,
})

/** The answer of each list. */
export const activityPageSchemas = {
  accounts: accountActivityPageSchema,
  signatures: signatureActivityPageSchema,
  identifications: identificationActivityPageSchema,
  keys: v.object({ items: v.array(keyUseActivitySchema), ...pageEntries }),
} as const
export type ActivityPage<T extends ActivityTab> = v.InferOutput<(typeof activityPageSchemas)[T]>

/**
 * `GET /v2/businesses/{id}/statistics/monthly`: the signatures the business's people gave in the range, per
 * calendar month (UTC, every month of the range, none left out) by quality, and per person (those who gave any,
 * most first).
 */
export const monthlyStatisticsSchema = v.object({
  startDate: v.string(),
  endDate: v.string(),
  months: v.array(
    v.object({
      /** `YYYY-MM`. */
      month: v.string(),
      ses: v.number(),
      aes: v.number(),
      qes: v.number(),
      total: v.number(),
    }),
  ),
  people: v.array(
    v.object({
      userId: v.string(),
      kind: v.picklist(activityPersonKinds),
      name: v.nullable(v.string()),
      email: v.nullable(v.string()),
      signatures: v.number(),
    }),
  ),
})
export type MonthlyStatistics = v.InferOutput<typeof monthlyStatisticsSchema>

/** SPEC §9 names of the CSV exports: the report and the range. */
export function activityExportFileName(
  list: ActivityExport,
  range: ActivityRange,
  groupBy?: SignatureExportGrouping,
): string {
  const report =
    list === 'identifications'
      ? 'identifications'
      : groupBy === 'member'
        ? 'cost_centre_report'
        : 'signature_usage'
  return `${report}_${range.startDate}_${range.endDate}.csv`
}

const business = (id: string) => `/v2/businesses/${encodeURIComponent(id)}`

/** Path builders of the activity calls (SPEC §7 Activity), relative to `apiBase`. */
export const activityPaths = {
  /** `GET` one page of a list, with the query of {@link activityQuerySchema}. */
  activities: (id: string, tab: ActivityTab) => `${business(id)}/activities/${tab}`,
  /** `GET` a list as CSV (UTF-8 with BOM). */
  activityExport: (id: string, list: ActivityExport) => `${business(id)}/activities/${list}/export`,
  monthlyStatistics: (id: string) => `${business(id)}/statistics/monthly`,
} as const
