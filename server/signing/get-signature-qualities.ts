import { eq } from 'drizzle-orm'
import type { SignatureQualitiesDetail } from '../../contract/signing.ts'
import type { Database } from '../db/open-database.ts'
import { users } from '../db/schema/accounts.ts'
import { ApiError } from '../http/api-error.ts'
import { heldQualities, signingQuality } from './signature-qualities.ts'

/**
 * GET /v3/user/signature-qualities-detail: what the signed-in user may sign with, read from their
 * record; `vouched` when asked for a request whose business vouches for them (aes). A qualified entry says
 * `demo` while the platform's demo CA makes qualified signatures (outside production without a QTSP), as its
 * certificates do.
 */
export async function getSignatureQualities(
  db: Pick<Database, 'select'>,
  userId: string,
  demo: boolean,
  vouched = false,
): Promise<SignatureQualitiesDetail> {
  const [user] = await db.select({ attributes: users.attributes }).from(users).where(eq(users.id, userId))
  if (user === undefined) throw new ApiError(401, 'auth.unauthenticated', 'This account no longer exists')
  return {
    ...heldQualities(user.attributes, demo, vouched),
    signingQuality: signingQuality(user.attributes, vouched),
  }
}
