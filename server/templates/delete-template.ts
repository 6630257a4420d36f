import { eq } from 'drizzle-orm'
import { templateDocuments, templates } from '../db/schema/templates.ts'
import { releaseStoredFiles } from '../signature-requests/release-stored-files.ts'
import type { Caller, RequestServices } from '../signature-requests/request-services.ts'
import { findTemplate, mayEdit, onlyAdmins } from './find-template.ts'

/**
 * DELETE /v3/templates/{id}: its owner (or, while shared, an admin of the business) deletes it with its
 * documents; their stored files go with the last row that refers to them. Requests started from it keep
 * their own copies. A member gets 403 `business.not_allowed`; anyone else 404.
 */
export async function deleteTemplate(
  services: Pick<RequestServices, 'db' | 'storage' | 'renderer'>,
  caller: Caller,
  id: string,
): Promise<void> {
  const hashes = await services.db.transaction(async (tx) => {
    const { template, membership } = await findTemplate(tx, caller.userId, id, true)
    if (!mayEdit(template, caller.userId, membership)) throw onlyAdmins()
    const held = await tx
      .select({ sha256: templateDocuments.sha256 })
      .from(templateDocuments)
      .where(eq(templateDocuments.templateId, id))
    await tx.delete(templates).where(eq(templates.id, id))
    return held.map((d) => d.sha256)
  })
  await releaseStoredFiles(services, hashes)
}
