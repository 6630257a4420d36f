import { randomUUID } from 'node:crypto'
import type { Reminders } from '../../contract/signature-requests.ts'
import type { documents } from '../db/schema/documents.ts'
import { templateDocuments, templateRoles, templates } from '../db/schema/templates.ts'
import type { Queryable } from '../signature-requests/load-requests.ts'
import { type CheckedRole, moveRole } from './check-roles.ts'
import type { TemplateRow } from './find-template.ts'

/** What a new template holds: its row, the documents it copies and its roles (fields on those documents). */
export type NewTemplate = Pick<
  TemplateRow,
  'ownerId' | 'businessId' | 'title' | 'message' | 'quality' | 'legislation' | 'expiresAfterDays'
> & {
  reminders: Reminders | null
  documents: readonly Omit<typeof documents.$inferSelect, 'ownerId'>[]
  roles: readonly CheckedRole[]
}

/**
 * Writes a template in `tx`: copies of the documents' metadata (their stored files are shared by content, so
 * nothing is copied on disk) and the roles, their fields moved onto the copies; answers its id.
 */
export async function insertTemplate(tx: Queryable, template: NewTemplate, now: Date): Promise<string> {
  const [row] = await tx
    .insert(templates)
    .values({
      ownerId: template.ownerId,
      businessId: template.businessId,
      title: template.title,
      message: template.message,
      quality: template.quality,
      legislation: template.legislation,
      expiresAfterDays: template.expiresAfterDays,
      remindEveryDays: template.reminders?.everyDays ?? null,
      remindAtMost: template.reminders?.atMost ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: templates.id })
  if (row === undefined) throw new Error('insert returned no row')
  const copies = new Map(template.documents.map((d) => [d.id, randomUUID()]))
  if (template.documents.length > 0) {
    await tx.insert(templateDocuments).values(
      template.documents.map((d, position) => ({
        id: copies.get(d.id) ?? randomUUID(),
        templateId: row.id,
        position,
        sha256: d.sha256,
        title: d.title,
        size: d.size,
        contentType: d.contentType,
        pageCount: d.pageCount,
        pageSizes: d.pageSizes,
        freeAreas: d.freeAreas,
        createdAt: now,
      })),
    )
  }
  await insertRoles(
    tx,
    row.id,
    template.roles.map((role) => moveRole(role, copies)),
  )
  return row.id
}

/** Writes the roles of template `templateId` in their order. */
export async function insertRoles(
  tx: Queryable,
  templateId: string,
  roles: readonly CheckedRole[],
): Promise<void> {
  if (roles.length === 0) return
  await tx.insert(templateRoles).values(
    roles.map((role, position) => ({
      templateId,
      position,
      name: role.name,
      sequence: role.sequence,
      documentSignatures: role.documentSignatures,
      formFields: role.formFields,
      authentication: role.authentication,
    })),
  )
}
