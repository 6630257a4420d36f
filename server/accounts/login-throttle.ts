import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm'
import type { Database } from '../db/open-database.ts'
import { loginFailures } from '../db/schema/accounts.ts'
import { ApiError } from '../http/api-error.ts'

/**
 * Failed sign-ins counted within 15 minutes: per account and client address pair, so a stranger's tries
 * from elsewhere never lock the owner out, and per address, so one address cannot try many accounts.
 */
export const loginFailureLimits = { pair: 5, address: 20 } as const

const windowMs = 15 * 60 * 1000
/** The pause after the pair's limit is reached: 30 s, doubling with each further failure, at most 15 min. */
const firstPauseMs = 30 * 1000

/** The keys one sign-in attempt counts against. */
export type LoginKeys = { account: string; address: string }

const pairPrefix = (account: string) => `pair:${account} `
const keysOf = ({ account, address }: LoginKeys) => ({
  pair: `${pairPrefix(account)}${address}`,
  address: `address:${address}`,
})

/** How long a pair with `failures` in the window waits after the last one. */
function pauseAfterMs(failures: number): number {
  if (failures < loginFailureLimits.pair) return 0
  return Math.min(windowMs, firstPauseMs * 2 ** (failures - loginFailureLimits.pair))
}

/**
 * Counts failed sign-ins in the shared database, so every server process sees the same counts. Once an
 * account and address pair has failed five times, each try waits a pause that doubles with every further
 * failure; an address that failed twenty times waits until the oldest of them leaves the window. Both are
 * 429 `auth.too_many_attempts` with the seconds to wait.
 */
export const loginThrottle = {
  /** Throws 429 with `retryAfterSeconds` while the pair or the address must wait. */
  async check(db: Database, keys: LoginKeys, now: Date): Promise<void> {
    const since = new Date(now.getTime() - windowMs)
    const keyed = keysOf(keys)
    const failuresOf = (key: string) =>
      db
        .select({ failedAt: loginFailures.failedAt })
        .from(loginFailures)
        .where(and(eq(loginFailures.key, key), gt(loginFailures.failedAt, since)))
        .orderBy(asc(loginFailures.failedAt))
    const [pair, address] = await Promise.all([failuresOf(keyed.pair), failuresOf(keyed.address)])
    let retryAt = 0
    const last = pair.at(-1)
    if (last !== undefined) retryAt = last.failedAt.getTime() + pauseAfterMs(pair.length)
    const freeing = address[address.length - loginFailureLimits.address]
    if (freeing !== undefined) retryAt = Math.max(retryAt, freeing.failedAt.getTime() + windowMs)
    if (retryAt > now.getTime()) {
      throw new TooManyAttempts(Math.max(1, Math.ceil((retryAt - now.getTime()) / 1000)))
    }
  },

  /** Records a failure for the pair and the address; answers how many the pair has now in the window. */
  async fail(db: Database, keys: LoginKeys, now: Date): Promise<number> {
    const keyed = keysOf(keys)
    const since = new Date(now.getTime() - windowMs)
    await db.transaction(async (tx) => {
      await tx
        .delete(loginFailures)
        .where(
          and(inArray(loginFailures.key, [keyed.pair, keyed.address]), lte(loginFailures.failedAt, since)),
        )
      await tx.insert(loginFailures).values([
        { key: keyed.pair, failedAt: now },
        { key: keyed.address, failedAt: now },
      ])
    })
    const rows = await db
      .select({ failedAt: loginFailures.failedAt })
      .from(loginFailures)
      .where(and(eq(loginFailures.key, keyed.pair), gt(loginFailures.failedAt, since)))
    return rows.length
  },

  /** Forgets the pair's failures after a good sign-in from there; the address keeps its count. */
  async clear(db: Database, keys: LoginKeys): Promise<void> {
    await db.delete(loginFailures).where(eq(loginFailures.key, keysOf(keys).pair))
  },

  /** Forgets the account's failures from every address: its owner proved who they are by a reset. */
  async clearAccount(db: Pick<Database, 'delete'>, account: string): Promise<void> {
    const prefix = pairPrefix(account)
    await db.delete(loginFailures).where(sql`left(${loginFailures.key}, ${prefix.length}) = ${prefix}`)
  },
}

/** 429 `auth.too_many_attempts`; the route sends `retryAfterSeconds` as the Retry-After header. */
class TooManyAttempts extends ApiError {
  constructor(retryAfterSeconds: number) {
    super(429, 'auth.too_many_attempts', `Too many failed sign-ins: try again in ${retryAfterSeconds} s`, {
      retryAfterSeconds,
    })
  }
}
