import { eq, inArray } from 'drizzle-orm'
import { apiUserEmbedOrigins } from '../db/schema/embedding.ts'
import type { Queryable } from '../signature-requests/load-requests.ts'

/** The embed origins of these API users (by their account id), each list in the order of the origins' text. */
export async function embedOriginsOf(
  db: Pick<Queryable, 'select'>,
  apiUserIds: readonly string[],
): Promise<Map<string, string[]>> {
  const origins = new Map<string, string[]>()
  if (apiUserIds.length === 0) return origins
  const rows = await db
    .select()
    .from(apiUserEmbedOrigins)
    .where(inArray(apiUserEmbedOrigins.apiUserId, [...apiUserIds]))
    .orderBy(apiUserEmbedOrigins.origin)
  for (const row of rows) origins.set(row.apiUserId, [...(origins.get(row.apiUserId) ?? []), row.origin])
  return origins
}

/** Replaces the API user's embed origins with these (checked and written as browsers write origins). */
export async function setEmbedOrigins(
  db: Pick<Queryable, 'insert' | 'delete'>,
  apiUserId: string,
  origins: readonly string[],
): Promise<void> {
  await db.delete(apiUserEmbedOrigins).where(eq(apiUserEmbedOrigins.apiUserId, apiUserId))
  if (origins.length > 0)
    await db.insert(apiUserEmbedOrigins).values(origins.map((origin) => ({ apiUserId, origin })))
}
