import { and, eq } from 'drizzle-orm'
import type { VisualSignature } from '../../contract/visual-signatures.ts'
import type { Database } from '../db/open-database.ts'
import { visualSignatures } from '../db/schema/visual-signatures.ts'
import { ApiError } from '../http/api-error.ts'
import { isUuid } from '../signature-requests/find-request.ts'

/** A stored visual signature. */
export type VisualSignatureRow = typeof visualSignatures.$inferSelect

/** 404 for a visual signature that does not exist or is another user's: the two look the same. */
const visualSignatureNotFound = () =>
  new ApiError(404, 'visual_signature.not_found', 'No such visual signature')

/** The visual signature `id` of the user `userId`, else 404 `visual_signature.not_found`. */
export async function findVisualSignature(
  db: Database,
  userId: string,
  id: string,
): Promise<VisualSignatureRow> {
  if (!isUuid(id)) throw visualSignatureNotFound()
  const [row] = await db
    .select()
    .from(visualSignatures)
    .where(and(eq(visualSignatures.id, id), eq(visualSignatures.userId, userId)))
  if (row === undefined) throw visualSignatureNotFound()
  return row
}

/** The SPEC §3 entity of a stored visual signature. */
export function visualSignatureView(row: VisualSignatureRow): VisualSignature {
  return {
    id: row.id,
    alias: row.alias,
    name: row.name,
    company: row.company,
    location: row.location,
    language: row.language,
    kind: row.kind,
    hasCustomImage: row.imageKey !== null,
    displayDate: row.displayDate,
    displayClaim: row.displayClaim,
    displayStandards: row.displayStandards,
    displayQr: row.displayQr,
    isDefault: row.isDefault,
    quality: row.quality,
    legislation: row.legislation,
    provider: row.provider,
    version: String(row.updatedAt.getTime()),
  }
}
