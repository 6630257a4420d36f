import { isNotNull, sql } from 'drizzle-orm'
import { logoKey } from '../businesses/business-logo.ts'
import type { Database } from '../db/open-database.ts'
import { businesses } from '../db/schema/businesses.ts'
import { documents } from '../db/schema/documents.ts'
import { seals } from '../db/schema/seals.ts'
import { signatureRequestAttachments, signatureRequestDocuments } from '../db/schema/signature-requests.ts'
import { visualSignatures } from '../db/schema/visual-signatures.ts'
import { documentKey } from '../storage/storage-keys.ts'

/**
 * The storage keys the rows refer to: uploaded, signed and attached PDFs, logos, seal images and drawn
 * signatures, sorted. Page images and texts are left out: they are drawn again when someone looks at a page.
 */
export async function storedFileKeys(db: Database): Promise<string[]> {
  // One after the other: in a backup they run on the one connection that holds the snapshot.
  const uploaded = await db.selectDistinct({ hash: documents.sha256 }).from(documents)
  const signed = await db
    .selectDistinct({ hash: signatureRequestDocuments.signedSha256 })
    .from(signatureRequestDocuments)
    .where(isNotNull(signatureRequestDocuments.signedSha256))
  const attached = await db
    .selectDistinct({ hash: signatureRequestAttachments.sha256 })
    .from(signatureRequestAttachments)
  const logos = await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(sql`${businesses.settings} -> 'companyBranding' -> 'logo' is not null
        and ${businesses.settings} -> 'companyBranding' -> 'logo' <> 'null'::jsonb`)
  const sealImages = await db.select({ key: seals.imageKey }).from(seals).where(isNotNull(seals.imageKey))
  const signatureImages = await db
    .select({ key: visualSignatures.imageKey })
    .from(visualSignatures)
    .where(isNotNull(visualSignatures.imageKey))
  const keys = new Set([
    ...[...uploaded, ...signed, ...attached].flatMap(({ hash }) =>
      hash === null ? [] : [documentKey(hash)],
    ),
    ...logos.map(({ id }) => logoKey(id)),
    ...[...sealImages, ...signatureImages].flatMap(({ key }) => (key === null ? [] : [key])),
  ])
  return [...keys].sort()
}
