import { and, desc, eq, ne } from 'drizzle-orm'
import type * as v from 'valibot'
import type { VisualSignature, visualSignatureBodySchema } from '../../contract/visual-signatures.ts'
import type { Database } from '../db/open-database.ts'
import { visualSignatures } from '../db/schema/visual-signatures.ts'
import { checkChosenStandard } from './chosen-standard.ts'
import { findVisualSignature, visualSignatureView } from './find-visual-signature.ts'
import {
  applyVisualSignaturePermissions,
  visualSignaturePermissions,
} from './visual-signature-permissions.ts'
import type { VisualSignatureServices } from './visual-signature-services.ts'

type Body = v.InferOutput<typeof visualSignatureBodySchema>

/** GET /v1/user/visual-signatures: the user's visual signatures, the default first, then the newest. */
export async function listVisualSignatures(db: Database, userId: string): Promise<VisualSignature[]> {
  const rows = await db
    .select()
    .from(visualSignatures)
    .where(eq(visualSignatures.userId, userId))
    .orderBy(desc(visualSignatures.isDefault), desc(visualSignatures.createdAt), desc(visualSignatures.id))
  return rows.map(visualSignatureView)
}

/**
 * POST /v1/user/visual-signatures: a new visual signature. The user's first one is their default, as is one
 * sent with `isDefault`, which the others then stop being. A flag the user may not change takes its default.
 */
export async function createVisualSignature(
  services: VisualSignatureServices,
  userId: string,
  sent: Body,
): Promise<VisualSignature> {
  const now = services.now()
  await checkChosenStandard(services.db, userId, sent)
  const body = applyVisualSignaturePermissions(sent, await visualSignaturePermissions(services.db, userId))
  return services.db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: visualSignatures.id })
      .from(visualSignatures)
      .where(eq(visualSignatures.userId, userId))
      .limit(1)
    const isDefault = body.isDefault || existing === undefined
    if (isDefault) await clearDefault(tx, userId)
    const [row] = await tx
      .insert(visualSignatures)
      .values({ ...body, isDefault, userId, createdAt: now, updatedAt: now })
      .returning()
    if (row === undefined) throw new Error('visual signature not written')
    return visualSignatureView(row)
  })
}

/**
 * PUT /v1/user/visual-signatures/{id}: changes it. A signature made `typed` loses its image; one made the
 * default takes the place of the former. Unsetting `isDefault` of the default leaves the user without one. A
 * flag the user may not change takes its default.
 */
export async function updateVisualSignature(
  services: VisualSignatureServices,
  userId: string,
  id: string,
  sent: Body,
): Promise<VisualSignature> {
  const found = await findVisualSignature(services.db, userId, id)
  await checkChosenStandard(services.db, userId, sent)
  const body = applyVisualSignaturePermissions(sent, await visualSignaturePermissions(services.db, userId))
  const dropImage = body.kind === 'typed' && found.imageKey !== null
  const row = await services.db.transaction(async (tx) => {
    if (body.isDefault) await clearDefault(tx, userId, id)
    const [updated] = await tx
      .update(visualSignatures)
      .set({ ...body, ...(dropImage ? { imageKey: null } : {}), updatedAt: services.now() })
      .where(eq(visualSignatures.id, id))
      .returning()
    if (updated === undefined) throw new Error(`visual signature ${id} vanished`)
    return updated
  })
  if (dropImage && found.imageKey !== null) await services.storage.delete(found.imageKey)
  return visualSignatureView(row)
}

/**
 * DELETE /v1/user/visual-signatures/{id}: removes it and its image. When it was the default, the newest
 * remaining one becomes the default. Answers the remaining list.
 */
export async function deleteVisualSignature(
  services: VisualSignatureServices,
  userId: string,
  id: string,
): Promise<VisualSignature[]> {
  const found = await findVisualSignature(services.db, userId, id)
  await services.db.transaction(async (tx) => {
    await tx.delete(visualSignatures).where(eq(visualSignatures.id, id))
    if (!found.isDefault) return
    const [next] = await tx
      .select({ id: visualSignatures.id })
      .from(visualSignatures)
      .where(eq(visualSignatures.userId, userId))
      .orderBy(desc(visualSignatures.createdAt), desc(visualSignatures.id))
      .limit(1)
    if (next !== undefined) {
      await tx.update(visualSignatures).set({ isDefault: true }).where(eq(visualSignatures.id, next.id))
    }
  })
  if (found.imageKey !== null) await services.storage.delete(found.imageKey)
  return listVisualSignatures(services.db, userId)
}

async function clearDefault(tx: Pick<Database, 'update'>, userId: string, except?: string): Promise<void> {
  await tx
    .update(visualSignatures)
    .set({ isDefault: false })
    .where(
      and(
        eq(visualSignatures.userId, userId),
        eq(visualSignatures.isDefault, true),
        ...(except === undefined ? [] : [ne(visualSignatures.id, except)]),
      ),
    )
}
