import { and, desc, eq, isNotNull } from 'drizzle-orm'
import type { Database } from '../db/open-database.ts'
import { signatureRequestDocuments, signatureRequests } from '../db/schema/signature-requests.ts'
import { ApiError } from '../http/api-error.ts'
import { callerTakesPart } from './caller-takes-part.ts'
import type { Caller } from './request-services.ts'

/** The error for a document that has no signed version yet. */
export function documentNotSigned(): ApiError {
  return new ApiError(404, 'document.not_signed', 'This document has no signed version yet')
}

/**
 * The latest signed version of document `documentId` (`GET /v3/documents/{id}/download?signed=true`): its
 * signed file in a request the caller owns or signs, the most recently changed such request if the
 * document is in several. 404 `document.not_signed` when there is none; whether the caller may see the
 * document at all is checked before (`findDocument`).
 */
export async function findSignedVersion(
  db: Database,
  caller: Caller,
  documentId: string,
): Promise<{ sha256: string; size: number }> {
  const [row] = await db
    .select({ sha256: signatureRequestDocuments.signedSha256, size: signatureRequestDocuments.signedSize })
    .from(signatureRequestDocuments)
    .innerJoin(signatureRequests, eq(signatureRequests.id, signatureRequestDocuments.requestId))
    .where(
      and(
        eq(signatureRequestDocuments.documentId, documentId),
        isNotNull(signatureRequestDocuments.signedSha256),
        isNotNull(signatureRequestDocuments.signedSize),
        callerTakesPart(db, caller),
      ),
    )
    .orderBy(desc(signatureRequests.updatedAt))
    .limit(1)
  if (row === undefined || row.sha256 === null || row.size === null) throw documentNotSigned()
  return { sha256: row.sha256, size: row.size }
}
