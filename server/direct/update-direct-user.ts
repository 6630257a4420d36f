import { eq, sql } from 'drizzle-orm'
import type { DirectUser, UpdateDirectUser } from '../../contract/direct.ts'
import type { Database } from '../db/open-database.ts'
import { signatures } from '../db/schema/signature-requests.ts'
import type { DirectCaller } from './authenticate-direct.ts'
import { getDirectUser } from './get-direct-user.ts'

/**
 * PUT /v1/direct/user: sets the given attributes of the direct-link signer, keeping the others; merged in
 * the database so that two calls setting different attributes do not overwrite each other.
 */
export async function updateDirectUser(
  db: Database,
  direct: DirectCaller,
  input: UpdateDirectUser,
): Promise<DirectUser> {
  await db
    .update(signatures)
    .set({
      directAttributes: sql`${signatures.directAttributes} || ${JSON.stringify(input.attributes)}::jsonb`,
    })
    .where(eq(signatures.id, direct.signatureId))
  return getDirectUser(db, direct)
}
