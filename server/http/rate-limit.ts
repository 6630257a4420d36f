import { and, asc, eq, gt, lte } from 'drizzle-orm'
import type { MiddlewareHandler } from 'hono'
import type { Database } from '../db/open-database.ts'
import { rateLimitHits } from '../db/schema/accounts.ts'
import { ApiError } from './api-error.ts'
import { clientAddress } from './client-address.ts'

/** Options of {@link rateLimit}. */
export type RateLimitOptions = {
  /** The database every server process shares: the counts live there. */
  db: Database
  /** Names the limit, so two limits count apart. */
  name: string
  /** Requests one client address may make within any `windowMs`. */
  limit: number
  windowMs: number
  /** The clock the window is measured on. */
  now: () => Date
}

/**
 * Middleware that lets each client address (as {@link clientAddress} reads it) make `limit` requests in any
 * window of `windowMs` and refuses more with 429 `request.rate_limited` and a Retry-After header, until the
 * oldest request that counts leaves the window. Refused requests do not count. The counts are rows of the
 * shared database, so a client that spreads its requests over several server processes is counted once.
 */
export function rateLimit({ db, name, limit, windowMs, now }: RateLimitOptions): MiddlewareHandler {
  return async (c, next) => {
    await countRequest({ db, key: `${name}:${clientAddress(c)}`, limit, windowMs, now }, 'your address')
    await next()
  }
}

/**
 * Counts one request under `key` (a client address, an API user) and refuses it with 429
 * `request.rate_limited` and a Retry-After header when `limit` requests of that key are in the window
 * already, until the oldest of them leaves it. Refused requests do not count. `whose` names the key in the
 * message.
 */
export async function countRequest(
  { db, key, limit, windowMs, now }: Omit<RateLimitOptions, 'name'> & { key: string },
  whose: string,
): Promise<void> {
  const at = now()
  const since = new Date(at.getTime() - windowMs)
  const oldest = await db.transaction(async (tx) => {
    // Requests that left the window count no more; the index keeps this to the key's own rows.
    await tx.delete(rateLimitHits).where(and(eq(rateLimitHits.key, key), lte(rateLimitHits.at, since)))
    const recent = await tx
      .select({ at: rateLimitHits.at })
      .from(rateLimitHits)
      .where(and(eq(rateLimitHits.key, key), gt(rateLimitHits.at, since)))
      .orderBy(asc(rateLimitHits.at))
    const freeing = recent[recent.length - limit]
    if (freeing === undefined) await tx.insert(rateLimitHits).values({ key, at })
    return freeing?.at
  })
  if (oldest !== undefined) {
    const retryAfterSeconds = Math.max(1, Math.ceil((oldest.getTime() + windowMs - at.getTime()) / 1000))
    throw new ApiError(
      429,
      'request.rate_limited',
      `Too many requests from ${whose}: try again in ${retryAfterSeconds} s`,
      { retryAfterSeconds },
    )
  }
}
