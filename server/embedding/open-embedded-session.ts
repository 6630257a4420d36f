import { and, eq, isNull } from 'drizzle-orm'
import type { EmbeddedSession } from '../../contract/embedding.ts'
import { hashToken } from '../accounts/hash-token.ts'
import type { Database } from '../db/open-database.ts'
import { apiUsers } from '../db/schema/businesses.ts'
import { embeddedSigningLinks } from '../db/schema/embedding.ts'
import { signatures } from '../db/schema/signature-requests.ts'
import { issueDirectLink } from '../direct/issue-direct-link.ts'
import { ApiError } from '../http/api-error.ts'

/** What opening an embedded session needs. */
export type EmbeddedSessionServices = { db: Database; now: () => Date; publicUrl: string }

/**
 * `POST /v3/embedded-sessions`: the embedded page trades its signing URL's token, once and before it expires
 * (server clock), for a direct-sign session of the URL's signer and the origin it posts to. A token of a removed
 * API user or of a signer who moved to an account or was removed is unknown.
 */
export async function openEmbeddedSession(
  { db, now, publicUrl }: EmbeddedSessionServices,
  token: string,
): Promise<EmbeddedSession> {
  const tokenHash = hashToken(token)
  return db.transaction(async (tx) => {
    const [link] = await tx
      .select({
        signatureId: embeddedSigningLinks.signatureId,
        requestId: signatures.requestId,
        origin: embeddedSigningLinks.origin,
        expiresAt: embeddedSigningLinks.expiresAt,
        usedAt: embeddedSigningLinks.usedAt,
      })
      .from(embeddedSigningLinks)
      .innerJoin(signatures, eq(signatures.id, embeddedSigningLinks.signatureId))
      .innerJoin(apiUsers, eq(apiUsers.userId, embeddedSigningLinks.apiUserId))
      .where(
        and(
          eq(embeddedSigningLinks.tokenHash, tokenHash),
          isNull(apiUsers.deletedAt),
          isNull(signatures.signerId),
          isNull(signatures.removedAt),
        ),
      )
      .for('update', { of: embeddedSigningLinks })
    if (link === undefined)
      throw new ApiError(404, 'embed.unknown_link', 'This signing link is not known', { field: 'token' })
    if (link.usedAt !== null)
      throw new ApiError(410, 'embed.link_used', 'This signing link was opened already: ask for a new one')
    const at = now()
    if (link.expiresAt <= at)
      throw new ApiError(410, 'embed.link_expired', 'This signing link expired: ask for a new one')
    await tx
      .update(embeddedSigningLinks)
      .set({ usedAt: at })
      .where(eq(embeddedSigningLinks.tokenHash, tokenHash))
    const directUrl = new URL(
      await issueDirectLink(tx, publicUrl, { id: link.signatureId, requestId: link.requestId }),
    )
    return {
      signatureRequestId: link.requestId,
      signatureId: link.signatureId,
      token: directUrl.searchParams.get('token') ?? '',
      origin: link.origin,
    }
  })
}
