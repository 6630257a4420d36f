import type { DocumentInfo } from '../../contract/documents.ts'
import type { documents } from '../db/schema/documents.ts'

/** A stored document row as the API answers it. */
export function toDocumentInfo(
  row: Omit<typeof documents.$inferSelect, 'ownerId' | 'freeAreas'>,
  signedSha256: string | null = null,
): DocumentInfo {
  return {
    id: row.id,
    title: row.title,
    sha256: row.sha256,
    size: row.size,
    contentType: row.contentType,
    pageCount: row.pageCount,
    pageSizes: row.pageSizes,
    signedSha256,
    createdAt: row.createdAt.toISOString(),
  }
}
