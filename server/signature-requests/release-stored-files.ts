import { eq } from 'drizzle-orm'
import { documents } from '../db/schema/documents.ts'
import { signatureRequestAttachments, signatureRequestDocuments } from '../db/schema/signature-requests.ts'
import { templateDocuments } from '../db/schema/templates.ts'
import { documentKey, pageImagesFolder } from '../storage/storage-keys.ts'
import type { RequestServices } from './request-services.ts'

/**
 * Deletes the stored file (and its page images) of each hash that no document, signed version,
 * attachment or template's document refers to any more. Files are content-addressed and shared between rows, so a file goes only with its last reference;
 * call it after the transaction that removed the rows has committed.
 */
export async function releaseStoredFiles(
  services: Pick<RequestServices, 'db' | 'storage'> & Partial<Pick<RequestServices, 'renderer'>>,
  hashes: Iterable<string>,
): Promise<void> {
  const { db } = services
  for (const sha256 of new Set(hashes)) {
    const references = await Promise.all([
      db.select({ id: documents.id }).from(documents).where(eq(documents.sha256, sha256)).limit(1),
      db
        .select({ id: signatureRequestDocuments.documentId })
        .from(signatureRequestDocuments)
        .where(eq(signatureRequestDocuments.signedSha256, sha256))
        .limit(1),
      db
        .select({ id: signatureRequestAttachments.id })
        .from(signatureRequestAttachments)
        .where(eq(signatureRequestAttachments.sha256, sha256))
        .limit(1),
      db
        .select({ id: templateDocuments.id })
        .from(templateDocuments)
        .where(eq(templateDocuments.sha256, sha256))
        .limit(1),
    ])
    if (references.every((rows) => rows.length === 0)) {
      services.renderer?.forget(sha256)
      await services.storage.delete(documentKey(sha256))
      // Page images and texts of content nobody refers to any more.
      await services.storage.deleteFolder(pageImagesFolder(sha256))
    }
  }
}
