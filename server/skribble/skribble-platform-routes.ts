import { Hono } from 'hono'
import * as v from 'valibot'
import { activityQuerySchema, defaultActivitySort } from '../../contract/activity.ts'
import type { User } from '../../contract/user.ts'
import { getUser } from '../accounts/get-user.ts'
import { listSignatureActivity } from '../activity/list-signature-activity.ts'
import { parseActivityQuery } from '../activity/parse-activity-query.ts'
import type { Database } from '../db/open-database.ts'
import { ApiError } from '../http/api-error.ts'
import { type ApiKeyMode, type AuthEnv, authenticate } from '../http/authenticate.ts'
import { sendJson } from '../http/send-json.ts'
import { countJobs } from '../jobs/count-jobs.ts'
import type { JobQueue } from '../jobs/job-queue.ts'

/** What these routes need. */
export type SkribblePlatformServices = ApiKeyMode & {
  db: Database
  now: () => Date
  laneOf: JobQueue['laneOf']
  /** Qualified signatures are the demo CA's (outside production). */
  demoQualifiedSigning: boolean
}

const provider = 'SIGNET'
const entry = (quality: string, legislation: string) => ({ quality, provider, legislation })

/** Skribble's UserSignatureQualitiesResponse of what Signet's user says they hold. */
function skribbleQualities({ signatureQualities: held }: User) {
  const qualified = (legislation: 'eidas' | 'zertes') => {
    const found = held.qes?.[legislation]
    return found === undefined
      ? {}
      : { [legislation]: entry(found.quality.toUpperCase(), legislation.toUpperCase()) }
  }
  return {
    ses: { any: entry('SES', 'UNDEFINED') },
    ...(held.aes === undefined ? {} : { aes: { any: entry('AES', 'UNDEFINED') } }),
    ...(held.qes === undefined ? {} : { qes: { ...qualified('eidas'), ...qualified('zertes') } }),
    ...(held.seal === undefined
      ? {}
      : {
          seal: {
            ...(held.seal.aes === undefined ? {} : { aes: { seal: entry('AES', 'UNDEFINED') } }),
            ...(held.seal.qes === undefined ? {} : { qes: { seal: entry('QES', 'UNDEFINED') } }),
          },
        }),
  }
}

/** Query of `GET /activities/signatures`: pages from 1, a direction for a sort. */
const activityQuery = v.object({
  start_date: v.optional(v.string()),
  end_date: v.optional(v.string()),
  page: v.optional(
    v.pipe(v.string(), v.regex(/^[1-9]\d{0,6}$/, 'must be 1 or more'), v.transform(Number)),
    '1',
  ),
  size: v.optional(v.pipe(v.string(), v.regex(/^\d{1,4}$/, 'must be a whole number')), '25'),
  sort: v.optional(v.picklist(['asc', 'desc']), 'desc'),
})

/** Skribble's kind of person of Signet's. */
const personType = { admin: 'member', member: 'member', api: 'api', former: 'unknown' } as const

/**
 * The operations sign v2 and v3 share at the same paths, translated like the rest of the layer
 * (skribble-routes.ts):
 *
 * - `GET /management/health`: `countJobs` of server/jobs, as the health route asks the database (503 when it
 *   does not answer).
 * - `GET /user/signature-qualities`: `getUser` of server/accounts (its `signature_qualities`), for the caller;
 *   `username` may only name the caller.
 * - `GET /activities/signatures`: `listSignatureActivity` of server/activity, for the business the API user
 *   acts for (Signet's own route lets its admins read it; an API user acts for it).
 */
export function createSkribblePlatformRoutes(
  base: string,
  services: SkribblePlatformServices,
): Hono<AuthEnv> {
  const { db, now } = services
  const requireAuth = authenticate(services)
  return new Hono<AuthEnv>()
    .get(`${base}/management/health`, async (c) => {
      try {
        await countJobs(db, now(), services.laneOf)
      } catch (cause) {
        throw new ApiError(503, 'server.unavailable', 'The database does not answer', { cause })
      }
      return sendJson(c, { status: 'UP', groups: ['liveness', 'readiness'] })
    })
    .get(`${base}/user/signature-qualities`, requireAuth, async (c) => {
      const { userId, email, apiUser } = c.get('auth')
      const named = c.req.query('username')?.trim().toLowerCase()
      if (named !== undefined && named !== email && named !== apiUser?.username) {
        throw new ApiError(404, 'api_user.not_found', 'Only the caller’s own qualities are answered')
      }
      return sendJson(c, skribbleQualities(await getUser(db, userId, services.demoQualifiedSigning)))
    })
    .get(`${base}/activities/signatures`, requireAuth, async (c) => {
      const { apiUser } = c.get('auth')
      if (apiUser === null) {
        throw new ApiError(
          403,
          'business.not_allowed',
          'The activity of a business is read with its API user',
        )
      }
      const given = v.safeParse(activityQuery, c.req.query())
      if (!given.success) {
        const field = String(given.issues[0].path?.[0]?.key)
        throw new ApiError(400, 'request.invalid', `${field}: ${given.issues[0].message}`, { field })
      }
      const { page, size, sort, start_date, end_date } = given.output
      const column = defaultActivitySort.signatures.split(',')[0]
      const checked = v.safeParse(activityQuerySchema('signatures'), {
        page: String(page - 1),
        size,
        sort: `${column},${sort}`,
        ...(start_date === undefined ? {} : { start_date }),
        ...(end_date === undefined ? {} : { end_date }),
      })
      if (!checked.success) {
        const field = String(checked.issues[0].path?.[0]?.key)
        throw new ApiError(400, 'request.invalid', `${field}: ${checked.issues[0].message}`, { field })
      }
      const query = parseActivityQuery('signatures', checked.output, now())
      const found = await listSignatureActivity(db, apiUser.businessId, query)
      return sendJson(c, {
        total_pages: Math.ceil(found.total / found.size),
        total_items: found.total,
        current_page: found.page + 1,
        size: found.size,
        activities: found.items.map((item) => ({
          id: item.id,
          action: 'SIGNED',
          timestamp: item.signedAt,
          signature_request_id: item.requestId,
          business_id_paid_by: apiUser.businessId,
          cost_center: null,
          signer: {
            ...(item.signerEmail === null ? {} : { email: item.signerEmail }),
            ...(item.signerName === null ? {} : { first_name: item.signerName }),
            type: personType[item.signerKind],
          },
          quality: item.quality.toUpperCase(),
        })),
      })
    })
}
