import { and, eq, inArray, isNotNull, isNull, lt, notExists } from 'drizzle-orm'
import type { Database } from '../db/open-database.ts'
import { documents } from '../db/schema/documents.ts'
import { signatureRequestDocuments } from '../db/schema/signature-requests.ts'
import { skribbleValidations } from '../db/schema/skribble-validations.ts'

/** Skribble's validation API forgets a validation or a tooling document 10 minutes after it was made. */
export const skribbleValidationLifetimeMs = 10 * 60_000

/**
 * Forgets what Skribble's validation API made more than {@link skribbleValidationLifetimeMs} before `now` and
 * nobody deleted: a validation's answers and report, and a tooling document, unless a request holds it since
 * (its stored file goes with the orphan sweep). The rows stay, deleted, for the credits they count. Answers
 * how many were forgotten.
 */
export async function forgetSkribbleValidations(db: Database, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - skribbleValidationLifetimeMs)
  return db.transaction(async (tx) => {
    const expired = and(isNull(skribbleValidations.deletedAt), lt(skribbleValidations.createdAt, cutoff))
    const held = await tx
      .select({ documentId: skribbleValidations.documentId })
      .from(skribbleValidations)
      .where(and(expired, isNotNull(skribbleValidations.documentId)))
    const forgotten = await tx
      .update(skribbleValidations)
      .set({ deletedAt: now, result: null, etsiReport: null, documentId: null })
      .where(expired)
      .returning({ id: skribbleValidations.id })
    const documentIds = held.flatMap(({ documentId }) => (documentId === null ? [] : [documentId]))
    if (documentIds.length > 0) {
      await tx
        .delete(documents)
        .where(
          and(
            inArray(documents.id, documentIds),
            notExists(
              tx
                .select({ id: signatureRequestDocuments.documentId })
                .from(signatureRequestDocuments)
                .where(eq(signatureRequestDocuments.documentId, documents.id)),
            ),
          ),
        )
    }
    return forgotten.length
  })
}
