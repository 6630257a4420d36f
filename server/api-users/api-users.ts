import { and, asc, eq, isNull } from 'drizzle-orm'
import type * as v from 'valibot'
import type {
  ApiUser,
  ApiUserKey,
  createApiUserSchema,
  updateApiUserSchema,
} from '../../contract/api-users.ts'
import { apiUserEmailDomain } from '../../contract/user.ts'
import { isUniqueViolation } from '../accounts/is-unique-violation.ts'
import { revokeSessions } from '../accounts/revoke-sessions.ts'
import type { Database } from '../db/open-database.ts'
import { users } from '../db/schema/accounts.ts'
import { apiUsers, businesses } from '../db/schema/businesses.ts'
import { embedOriginsOf, setEmbedOrigins } from '../embedding/embed-origins.ts'
import { apiUserNotFound, apiUsernameTaken } from './api-user-errors.ts'
import { createApiKey, createCallbackSecret } from './api-user-keys.ts'

type ApiUserRow = typeof apiUsers.$inferSelect

function apiUserView(row: ApiUserRow, embedOrigins: string[]): ApiUser {
  return {
    username: row.username,
    description: row.description,
    scope: row.scope,
    createdAt: row.createdAt.toISOString(),
    keyIssuedAt: row.keyIssuedAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    embedOrigins,
  }
}

/** GET /v1/businesses/{id}/apis: the business's API users, by username. */
export async function listApiUsers(db: Pick<Database, 'select'>, businessId: string): Promise<ApiUser[]> {
  const rows = await db
    .select()
    .from(apiUsers)
    .where(and(eq(apiUsers.businessId, businessId), isNull(apiUsers.deletedAt)))
    .orderBy(asc(apiUsers.username))
  const origins = await embedOriginsOf(
    db,
    rows.map((row) => row.userId),
  )
  return rows.map((row) => apiUserView(row, origins.get(row.userId) ?? []))
}

/**
 * POST /v1/businesses/{id}/apis: a new API user with an account of its own (named after the business, so
 * signers see who sends and signs) and its first key, answered this once. 409 when the username is taken.
 */
export async function createApiUser(
  db: Database,
  businessId: string,
  input: v.InferOutput<typeof createApiUserSchema>,
  now: Date,
  production: boolean,
): Promise<ApiUserKey> {
  const { key, hash } = createApiKey(production)
  const callbackSecret = createCallbackSecret()
  try {
    const row = await db.transaction(async (tx) => {
      const [business] = await tx
        .select({ name: businesses.name })
        .from(businesses)
        .where(eq(businesses.id, businessId))
      const [account] = await tx
        .insert(users)
        .values({
          email: `${input.username}@${apiUserEmailDomain}`,
          emailVerified: true,
          firstName: business?.name ?? input.username,
          lastName: `(${input.username})`,
          createdAt: now,
        })
        .returning({ id: users.id })
      if (account === undefined) throw new Error('The API user account was not written')
      const [created] = await tx
        .insert(apiUsers)
        .values({
          userId: account.id,
          businessId,
          username: input.username,
          description: input.description,
          scope: input.scope,
          keyHash: hash,
          callbackSecret,
          createdAt: now,
          keyIssuedAt: now,
        })
        .returning()
      if (created === undefined) throw new Error('The API user was not written')
      return created
    })
    return { apiUser: apiUserView(row, []), apiKey: key, callbackSecret }
  } catch (error) {
    throw isUniqueViolation(error) ? apiUsernameTaken() : error
  }
}

/** The business's API user of this name, unless removed. */
const ofBusiness = (businessId: string, username: string) =>
  and(eq(apiUsers.businessId, businessId), eq(apiUsers.username, username), isNull(apiUsers.deletedAt))

/**
 * PUT /v1/businesses/{id}/apis/{username}: changes its description or scope (a narrower scope acts at once), or
 * replaces its embed origins (the frames of pages already open keep theirs until reloaded).
 */
export async function updateApiUser(
  db: Database,
  businessId: string,
  username: string,
  changes: v.InferOutput<typeof updateApiUserSchema>,
): Promise<ApiUser> {
  const values = {
    ...(changes.description === undefined ? {} : { description: changes.description }),
    ...(changes.scope === undefined ? {} : { scope: changes.scope }),
  }
  return db.transaction(async (tx) => {
    // An update without values is an error in drizzle: with nothing to change, the API user is read as it is.
    const [row] =
      Object.keys(values).length === 0
        ? await tx.select().from(apiUsers).where(ofBusiness(businessId, username))
        : await tx.update(apiUsers).set(values).where(ofBusiness(businessId, username)).returning()
    if (row === undefined) throw apiUserNotFound()
    if (changes.embedOrigins !== undefined) await setEmbedOrigins(tx, row.userId, changes.embedOrigins)
    const origins = await embedOriginsOf(tx, [row.userId])
    return apiUserView(row, origins.get(row.userId) ?? [])
  })
}

/**
 * PUT /v1/businesses/{id}/apis/{username}/reset: a new key and callback secret, answered this once; the old
 * key and every token it was traded for stop working at once.
 */
export async function resetApiUserKey(
  db: Database,
  businessId: string,
  username: string,
  now: Date,
  production: boolean,
): Promise<ApiUserKey> {
  const { key, hash } = createApiKey(production)
  const callbackSecret = createCallbackSecret()
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(apiUsers)
      .set({ keyHash: hash, callbackSecret, keyIssuedAt: now })
      .where(ofBusiness(businessId, username))
      .returning()
    if (updated === undefined) throw apiUserNotFound()
    await revokeSessions(tx, updated.userId, now)
    return updated
  })
  const origins = await embedOriginsOf(db, [row.userId])
  return { apiUser: apiUserView(row, origins.get(row.userId) ?? []), apiKey: key, callbackSecret }
}

/**
 * DELETE /v1/businesses/{id}/apis/{username}: removes the API user; its key and tokens stop working at once.
 * Its account stays, without a way in, so the requests it sent and signed keep their owner and history.
 */
export async function deleteApiUser(
  db: Database,
  businessId: string,
  username: string,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .update(apiUsers)
      .set({ deletedAt: now })
      .where(ofBusiness(businessId, username))
      .returning()
    if (removed === undefined) throw apiUserNotFound()
    await revokeSessions(tx, removed.userId, now)
  })
}
