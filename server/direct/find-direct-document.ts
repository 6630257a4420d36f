import { and, eq } from 'drizzle-orm'
import type { Database } from '../db/open-database.ts'
import { documents } from '../db/schema/documents.ts'
import { signatureRequestDocuments } from '../db/schema/signature-requests.ts'
import { type DocumentRow, documentNotFound } from '../documents/find-document.ts'
import { isUuid } from '../signature-requests/find-request.ts'
import type { DirectCaller } from './authenticate-direct.ts'

/** A document of the direct-link signer's request, with its latest signed version there (null before). */
export type DirectDocument = {
  document: DocumentRow
  signedSha256: string | null
  signedSize: number | null
}

/**
 * The document `id` if it belongs to the request of the direct-link session; any other document, even one
 * the same address signs elsewhere, is 404 `document.not_found`.
 */
export async function findDirectDocument(
  db: Database,
  direct: DirectCaller,
  id: string,
): Promise<DirectDocument> {
  if (!isUuid(id)) throw documentNotFound()
  const [row] = await db
    .select({
      document: documents,
      signedSha256: signatureRequestDocuments.signedSha256,
      signedSize: signatureRequestDocuments.signedSize,
    })
    .from(signatureRequestDocuments)
    .innerJoin(documents, eq(documents.id, signatureRequestDocuments.documentId))
    .where(
      and(
        eq(signatureRequestDocuments.requestId, direct.requestId),
        eq(signatureRequestDocuments.documentId, id),
      ),
    )
  if (row === undefined) throw documentNotFound()
  return row
}
