import { eq } from 'drizzle-orm'
import { createSecretToken } from '../accounts/create-secret-token.ts'
import { directLinks } from '../db/schema/signature-requests.ts'
import type { Queryable } from '../signature-requests/load-requests.ts'

/**
 * A new direct link for a signer without an account: `/view/{request id}/{signature id}?token=<secret>`,
 * the secret 256 random bits of which only the SHA-256 is stored. The links mailed earlier keep working (a
 * signer opens whichever mail they find) until {@link revokeDirectLinks}.
 */
export async function issueDirectLink(
  db: Queryable,
  publicUrl: string,
  signature: { id: string; requestId: string },
): Promise<string> {
  const { token, hash } = createSecretToken()
  await db.insert(directLinks).values({ tokenHash: hash, signatureId: signature.id })
  return `${publicUrl}/view/${signature.requestId}/${signature.id}?token=${token}`
}

/** Every direct link of the signature stops working: it moved to an account, or to another person. */
export async function revokeDirectLinks(db: Queryable, signatureId: string): Promise<void> {
  await db.delete(directLinks).where(eq(directLinks.signatureId, signatureId))
}
