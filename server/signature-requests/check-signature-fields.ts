import { asc, eq, inArray } from 'drizzle-orm'
import { fieldProblem, type Placement } from '../../contract/signature-fields.ts'
import { documents } from '../db/schema/documents.ts'
import { signatureRequestDocuments } from '../db/schema/signature-requests.ts'
import { ApiError } from '../http/api-error.ts'
import type { Queryable } from './load-requests.ts'

/** What a field is checked against: a document's pages, and its empty areas for suggestions. */
export type FieldDocumentRow = Pick<
  typeof documents.$inferSelect,
  'id' | 'pageCount' | 'pageSizes' | 'freeAreas'
>

const fieldColumns = {
  id: documents.id,
  pageCount: documents.pageCount,
  pageSizes: documents.pageSizes,
  freeAreas: documents.freeAreas,
}

/** The documents of request `requestId` in their order, as fields are checked and suggested on them. */
export function requestFieldDocuments(db: Queryable, requestId: string): Promise<FieldDocumentRow[]> {
  return db
    .select(fieldColumns)
    .from(signatureRequestDocuments)
    .innerJoin(documents, eq(documents.id, signatureRequestDocuments.documentId))
    .where(eq(signatureRequestDocuments.requestId, requestId))
    .orderBy(asc(signatureRequestDocuments.position))
}

/** The documents `ids`, as fields are checked on them. */
export function fieldDocuments(db: Queryable, ids: readonly string[]): Promise<FieldDocumentRow[]> {
  if (ids.length === 0) return Promise.resolve([])
  return db
    .select(fieldColumns)
    .from(documents)
    .where(inArray(documents.id, [...ids]))
}

/**
 * Refuses fields (or a sign call's placements) that name a document not among `documents`, a page it does
 * not have, or a box off the page: 400 `request.invalid` with `field` naming the field and the key that is
 * wrong (`prefix` is where the list stands in the body).
 */
export function checkSignatureFields(
  fields: readonly Placement[],
  documents: readonly FieldDocumentRow[],
  prefix: string,
): void {
  for (const [index, field] of fields.entries()) {
    const name = `${prefix}.${index}`
    const document = documents.find((d) => d.id === field.documentId)
    if (document === undefined) {
      throw new ApiError(400, 'request.invalid', `${name}.document_id: not a document of this request`, {
        field: `${name}.document_id`,
      })
    }
    const problem = fieldProblem(field, document)
    if (problem !== undefined) {
      const wrong = problem.key === undefined ? name : `${name}.${problem.key}`
      throw new ApiError(400, 'request.invalid', `${wrong}: ${problem.message}`, { field: wrong })
    }
  }
}
