import { eq } from 'drizzle-orm'
import type { DirectUser } from '../../contract/direct.ts'
import type { Database } from '../db/open-database.ts'
import { signatures } from '../db/schema/signature-requests.ts'
import type { DirectCaller } from './authenticate-direct.ts'

/**
 * GET /v1/direct/user: the direct-link signer as a user: their signature id, the address the link went to,
 * the names and language the sender gave and the attributes the signer set.
 */
export async function getDirectUser(db: Pick<Database, 'select'>, direct: DirectCaller): Promise<DirectUser> {
  const [row] = await db
    .select({
      email: signatures.accountEmail,
      identity: signatures.signerIdentityData,
      attributes: signatures.directAttributes,
    })
    .from(signatures)
    .where(eq(signatures.id, direct.signatureId))
  // The token was matched a moment ago; a signature removed since then takes its session with it.
  if (row === undefined) throw new Error(`signature ${direct.signatureId} vanished`)
  return {
    id: direct.signatureId,
    email: row.email,
    firstName: row.identity?.firstName ?? null,
    lastName: row.identity?.lastName ?? null,
    language: row.identity?.language ?? null,
    attributes: row.attributes,
  }
}
