import { eq } from 'drizzle-orm'
import { createSecretToken } from '../accounts/create-secret-token.ts'
import { signatures } from '../db/schema.ts'
import type { Queryable } from '../signature-requests/load-requests.ts'

/**
 * A new direct link for a signer without an account: `/view/{request id}/{signature id}?token=<secret>`,
 * the secret 256 random bits of which only the SHA-256 is stored. It replaces the signature's earlier
 * secret, so only the latest mailed link works.
 */
export async function issueDirectLink(
  db: Queryable,
  publicUrl: string,
  signature: { id: string; requestId: string },
): Promise<string> {
  const { token, hash } = createSecretToken()
  await db.update(signatures).set({ directTokenHash: hash }).where(eq(signatures.id, signature.id))
  return `${publicUrl}/view/${signature.requestId}/${signature.id}?token=${token}`
}
