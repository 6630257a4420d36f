import { and, asc, eq, gt, inArray, lte } from 'drizzle-orm'
import type { Database } from '../db/open-database.ts'
import { loginFailures } from '../db/schema.ts'
import { ApiError } from '../http/api-error.ts'

/** Failed sign-ins allowed within 15 minutes before 429: per account, per client address. */
export const loginFailureLimits = { account: 5, address: 20 } as const

const windowMs = 15 * 60 * 1000

/** The keys one sign-in attempt counts against. */
export type LoginKeys = { account: string; address: string }

const keysOf = ({ account, address }: LoginKeys) => ({
  account: `account:${account}`,
  address: `address:${address}`,
})

/**
 * Counts failed sign-ins in the shared database, so every server process sees the same counts: refuses
 * with 429 `auth.too_many_attempts` once a limit is reached, until the oldest failure that counts leaves
 * the 15-minute window.
 */
export const loginThrottle = {
  /** Throws 429 with `retryAfterSeconds` when the account or the address has reached its limit. */
  async check(db: Database, keys: LoginKeys, now: Date): Promise<void> {
    const since = new Date(now.getTime() - windowMs)
    const keyed = keysOf(keys)
    let retryAt = 0
    for (const kind of ['account', 'address'] as const) {
      const limit = loginFailureLimits[kind]
      const rows = await db
        .select({ failedAt: loginFailures.failedAt })
        .from(loginFailures)
        .where(and(eq(loginFailures.key, keyed[kind]), gt(loginFailures.failedAt, since)))
        .orderBy(asc(loginFailures.failedAt))
      const freeing = rows[rows.length - limit]
      if (freeing !== undefined) retryAt = Math.max(retryAt, freeing.failedAt.getTime() + windowMs)
    }
    if (retryAt > 0) {
      throw new TooManyAttempts(Math.max(1, Math.ceil((retryAt - now.getTime()) / 1000)))
    }
  },

  /** Records a failure for both keys and answers how many the account has now in the window. */
  async fail(db: Database, keys: LoginKeys, now: Date): Promise<number> {
    const keyed = keysOf(keys)
    const since = new Date(now.getTime() - windowMs)
    await db.transaction(async (tx) => {
      await tx
        .delete(loginFailures)
        .where(
          and(inArray(loginFailures.key, [keyed.account, keyed.address]), lte(loginFailures.failedAt, since)),
        )
      await tx.insert(loginFailures).values([
        { key: keyed.account, failedAt: now },
        { key: keyed.address, failedAt: now },
      ])
    })
    const rows = await db
      .select({ failedAt: loginFailures.failedAt })
      .from(loginFailures)
      .where(and(eq(loginFailures.key, keyed.account), gt(loginFailures.failedAt, since)))
    return rows.length
  },

  /** Forgets the account's failures after a good sign-in; the address keeps its count. */
  async clear(db: Database, account: string): Promise<void> {
    await db.delete(loginFailures).where(eq(loginFailures.key, `account:${account}`))
  },
}

/** 429 `auth.too_many_attempts`; the route sends `retryAfterSeconds` as the Retry-After header. */
export class TooManyAttempts extends ApiError {
  readonly retryAfterSeconds: number

  constructor(retryAfterSeconds: number) {
    super(429, 'auth.too_many_attempts', `Too many failed sign-ins: try again in ${retryAfterSeconds} s`)
    this.retryAfterSeconds = retryAfterSeconds
  }
}
