import { timingSafeEqual } from 'node:crypto'
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm'
import type { Context, MiddlewareHandler } from 'hono'
import type { ApiKeyScope } from '../../contract/api-users.ts'
import { hashToken } from '../accounts/hash-token.ts'
import { otherModeKey } from '../api-users/api-user-keys.ts'
import type { Database } from '../db/open-database.ts'
import { preparedPerDatabase } from '../db/prepared-per-database.ts'
import { sessions, users } from '../db/schema/accounts.ts'
import { apiKeyUses, apiUsers, signerGroupMembers } from '../db/schema/businesses.ts'
import { ApiError } from './api-error.ts'
import { admitPathParameters } from './check-path-parameters.ts'
import { clientAddress } from './client-address.ts'
import { countRequest } from './rate-limit.ts'

/** The business an API user acts for, its name and what its key may do. */
type ApiCaller = { businessId: string; username: string; scope: ApiKeyScope }

/** The caller of an authenticated request. */
export type Authenticated = {
  userId: string
  /** The account's address in lower case, which is how the signatures sent to it are found. */
  email: string
  /** The session of the bearer token, which logout and password change act on; null for an API key itself. */
  sessionId: string | null
  /** Set when the caller is a business's API user (by its key or a token traded for it). */
  apiUser: ApiCaller | null
  /** The signer groups the caller belongs to (issue 43), read on every call: they sign and observe for them. */
  groupIds: string[]
}

/** Which API keys the server takes: in production only `live_` keys, in the other modes only `demo_` ones. */
export type ApiKeyMode = { production: boolean }

/** Hono environment of routes behind {@link authenticate}: `c.get('auth')` is the caller. */
export type AuthEnv = { Variables: { auth: Authenticated } }

/** Requests one API user may make in a minute, whichever server process answers them. */
export const apiUserRequestsPerMinute = 300
const minuteMs = 60_000

const unauthenticated = (message: string) => new ApiError(401, 'auth.unauthenticated', message)

/**
 * Middleware that admits a request with `Authorization: Bearer <token>` of an open session, or an API user's
 * `Authorization: Basic <username:key>`: else 401 `auth.unauthenticated` (missing, unknown, revoked or
 * removed, or a key made in the other mode) or `auth.token_expired`. An API user's requests are counted (429
 * past {@link apiUserRequestsPerMinute}), its key's last use is kept to the minute, and a read-only key may only
 * read (403 `api_user.read_only`). Put it on each route (`app.get(path, requireAuth, handler)`), not with
 * `use('*')`, which would also cover the routes of other modules mounted beside it.
 */
export function authenticate({
  db,
  now,
  production,
}: { db: Database; now: () => Date } & ApiKeyMode): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    const caller = await findCaller(c, db, now(), production)
    const { apiUser } = caller
    if (apiUser === null) {
      c.set('auth', caller)
      admitPathParameters(c)
      return next()
    }
    // Every use of the key is kept, refused ones too: its business's admins read them in the activity.
    try {
      await admitApiUser(c, db, now, caller.userId, apiUser)
      c.set('auth', caller)
      admitPathParameters(c)
      await next()
      await recordKeyUse(
        db,
        c,
        { userId: caller.userId, businessId: apiUser.businessId },
        c.res.status,
        now(),
      )
    } catch (error) {
      const status = error instanceof ApiError ? error.status : 500
      await recordKeyUse(db, c, { userId: caller.userId, businessId: apiUser.businessId }, status, now())
      throw error
    }
  }
}

async function findCaller(c: Context, db: Database, at: Date, production: boolean): Promise<Authenticated> {
  const header = c.req.header('authorization') ?? ''
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header)
  if (basic?.[1] !== undefined) return findApiKeyCaller(db, basic[1], production)
  const token = /^Bearer\s+([\w-]+)\s*$/i.exec(header)?.[1]
  if (token === undefined) {
    throw unauthenticated('Sign in first: send Authorization: Bearer <token>')
  }
  const [found] = await sessionQuery(db).execute({ tokenHash: hashToken(token) })
  if (found === undefined || found.revokedAt !== null || found.apiUser?.deletedAt) {
    throw unauthenticated('This token is not valid: sign in again')
  }
  if (found.expiresAt.getTime() <= at.getTime()) {
    throw new ApiError(401, 'auth.token_expired', 'This session has expired: sign in again')
  }
  if (found.lastUsedAt === null || found.lastUsedAt.getTime() < at.getTime() - minuteMs) {
    // Kept to the minute for the list of sessions (/profile/security): most calls write nothing.
    await db
      .update(sessions)
      .set({ lastUsedAt: at, address: clientAddress(c), userAgent: c.req.header('user-agent') ?? null })
      .where(eq(sessions.id, found.sessionId))
  }
  return {
    userId: found.userId,
    email: found.email.toLowerCase(),
    sessionId: found.sessionId,
    apiUser: found.apiUser === null ? null : apiCaller(found.apiUser),
    groupIds: found.groupIds,
  }
}

/**
 * The session of a token hash, with its account's address and API user (sessions go with their user, so a
 * session found has one).
 */
const sessionQuery = preparedPerDatabase((db: Database) =>
  db
    .select({
      sessionId: sessions.id,
      userId: sessions.userId,
      revokedAt: sessions.revokedAt,
      expiresAt: sessions.expiresAt,
      lastUsedAt: sessions.lastUsedAt,
      email: users.email,
      groupIds: sql<string[]>`coalesce((
        select json_agg(m.group_id) from ${signerGroupMembers} m where m.user_id = ${sessions.userId}), '[]')`,
      apiUser: {
        businessId: apiUsers.businessId,
        username: apiUsers.username,
        scope: apiUsers.scope,
        deletedAt: apiUsers.deletedAt,
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(apiUsers, eq(apiUsers.userId, sessions.userId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .prepare('session_by_token'),
)

/** `Authorization: Basic` with an API user's username and key, each use checked against the stored hash. */
async function findApiKeyCaller(db: Database, encoded: string, production: boolean): Promise<Authenticated> {
  const decoded = Buffer.from(encoded, 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  const refused = unauthenticated('This API username and key do not match: check them or reset the key')
  if (colon < 1) throw refused
  const key = decoded.slice(colon + 1)
  const otherMode = otherModeKey(key, production)
  if (otherMode !== undefined) throw unauthenticated(otherMode)
  const found = await findApiUserByKey(db, decoded.slice(0, colon), key)
  if (found === undefined) throw refused
  return {
    userId: found.user.userId,
    email: found.email,
    sessionId: null,
    apiUser: apiCaller(found.user),
    groupIds: [],
  }
}

/**
 * The API user of this username whose current key is `key` (compared by its SHA-256 in constant time), with
 * its account's address; undefined when there is none or it was removed.
 */
export async function findApiUserByKey(
  db: Pick<Database, 'select'>,
  username: string,
  key: string,
): Promise<{ user: typeof apiUsers.$inferSelect; email: string } | undefined> {
  const [found] = await db
    .select({ user: apiUsers, email: users.email })
    .from(apiUsers)
    .innerJoin(users, eq(users.id, apiUsers.userId))
    .where(and(eq(apiUsers.username, username.trim().toLowerCase()), isNull(apiUsers.deletedAt)))
  if (found === undefined) return undefined
  const given = Buffer.from(hashToken(key), 'hex')
  const stored = Buffer.from(found.user.keyHash, 'hex')
  return given.length === stored.length && timingSafeEqual(given, stored) ? found : undefined
}

function apiCaller(row: Pick<typeof apiUsers.$inferSelect, 'businessId' | 'username' | 'scope'>): ApiCaller {
  return { businessId: row.businessId, username: row.username, scope: row.scope }
}

async function admitApiUser(
  c: Context,
  db: Database,
  now: () => Date,
  userId: string,
  apiUser: ApiCaller,
): Promise<void> {
  const reading = c.req.method === 'GET' || c.req.method === 'HEAD'
  if (apiUser.scope === 'read' && !reading) {
    throw new ApiError(
      403,
      'api_user.read_only',
      'This API key may only read: give it the sign scope to do this',
    )
  }
  await countRequest(
    { db, key: `api-user:${userId}`, limit: apiUserRequestsPerMinute, windowMs: minuteMs, now },
    'this API user',
  )
  const at = now()
  await db
    .update(apiUsers)
    .set({ lastUsedAt: at })
    .where(
      and(
        eq(apiUsers.userId, userId),
        or(isNull(apiUsers.lastUsedAt), lt(apiUsers.lastUsedAt, new Date(at.getTime() - minuteMs))),
      ),
    )
}

/** Keeps one use of an API user's key: the call's route (not its ids), how it was answered, from where, when. */
export async function recordKeyUse(
  db: Pick<Database, 'insert'>,
  c: Context,
  apiUser: { userId: string; businessId: string },
  status: number,
  at: Date,
): Promise<void> {
  await db.insert(apiKeyUses).values({
    apiUserId: apiUser.userId,
    businessId: apiUser.businessId,
    usedAt: at,
    method: c.req.method,
    route: c.req.routePath.replace(/^\/api(?=\/)/, ''),
    status,
    ip: clientAddress(c),
  })
}
