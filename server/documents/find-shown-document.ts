import { eq } from 'drizzle-orm'
import type { Database } from '../db/open-database.ts'
import { templateDocuments, templates } from '../db/schema/templates.ts'
import { ApiError } from '../http/api-error.ts'
import { isUuid } from '../signature-requests/find-request.ts'
import type { Caller } from '../signature-requests/request-services.ts'
import { mayUse, membershipOf } from '../templates/find-template.ts'
import { type DocumentRow, findDocument } from './find-document.ts'

/** What the viewer's calls need of a document: the file it shows and its pages. */
export type ShownDocument = Pick<DocumentRow, 'id' | 'sha256' | 'pageCount'>

/**
 * The document `id` for the viewer: one {@link findDocument} finds, or a document of a template the caller may
 * use (its editor shows the template's pages, issue 41 §1); else 404 `document.not_found` for both.
 */
export async function findShownDocument(db: Database, caller: Caller, id: string): Promise<ShownDocument> {
  try {
    return await findDocument(db, caller, id)
  } catch (error) {
    if (!(error instanceof ApiError) || !isUuid(id)) throw error
    const [row] = await db
      .select({
        id: templateDocuments.id,
        sha256: templateDocuments.sha256,
        pageCount: templateDocuments.pageCount,
        ownerId: templates.ownerId,
        businessId: templates.businessId,
      })
      .from(templateDocuments)
      .innerJoin(templates, eq(templates.id, templateDocuments.templateId))
      .where(eq(templateDocuments.id, id))
    if (row === undefined || !mayUse(row, caller.userId, await membershipOf(db, caller.userId))) throw error
    return { id: row.id, sha256: row.sha256, pageCount: row.pageCount }
  }
}
