import { asc, eq, inArray } from 'drizzle-orm'
import type { TemplateView } from '../../contract/templates.ts'
import { users } from '../db/schema/accounts.ts'
import { publicTemplateLinks, templateDocuments, templateRoles, templates } from '../db/schema/templates.ts'
import { toDocumentInfo } from '../documents/to-document-info.ts'
import type { Queryable } from '../signature-requests/load-requests.ts'
import { type Membership, mayEdit } from './find-template.ts'

/** A template's document as its row stands. */
export type TemplateDocumentRow = typeof templateDocuments.$inferSelect

/** A template's role as its row stands. */
export type TemplateRoleRow = typeof templateRoles.$inferSelect

/** The documents of template `id` in their order. */
export function templateDocumentsOf(db: Queryable, id: string): Promise<TemplateDocumentRow[]> {
  return db
    .select()
    .from(templateDocuments)
    .where(eq(templateDocuments.templateId, id))
    .orderBy(asc(templateDocuments.position))
}

/** The roles of template `id` in their order. */
export function templateRolesOf(db: Queryable, id: string): Promise<TemplateRoleRow[]> {
  return db
    .select()
    .from(templateRoles)
    .where(eq(templateRoles.templateId, id))
    .orderBy(asc(templateRoles.position))
}

/** The templates `ids` as the caller sees them, in the order of `ids`. */
export async function loadTemplateViews(
  db: Queryable,
  caller: { userId: string; membership: Membership },
  ids: readonly string[],
): Promise<TemplateView[]> {
  if (ids.length === 0) return []
  const [rows, documents, roles] = await Promise.all([
    db
      .select({ template: templates, ownerEmail: users.email, link: publicTemplateLinks.templateId })
      .from(templates)
      .innerJoin(users, eq(users.id, templates.ownerId))
      .leftJoin(publicTemplateLinks, eq(publicTemplateLinks.templateId, templates.id))
      .where(inArray(templates.id, [...ids])),
    db
      .select()
      .from(templateDocuments)
      .where(inArray(templateDocuments.templateId, [...ids]))
      .orderBy(asc(templateDocuments.position)),
    db
      .select()
      .from(templateRoles)
      .where(inArray(templateRoles.templateId, [...ids]))
      .orderBy(asc(templateRoles.position)),
  ])
  return ids.flatMap((id) => {
    const row = rows.find((r) => r.template.id === id)
    if (row === undefined) return []
    const { template } = row
    return [
      {
        id: template.id,
        title: template.title,
        message: template.message,
        ownerEmail: row.ownerEmail,
        isOwner: template.ownerId === caller.userId,
        shared: template.businessId !== null,
        mayEdit: mayEdit(template, caller.userId, caller.membership),
        publicLink: row.link !== null,
        documents: documents.filter((d) => d.templateId === id).map((d) => toDocumentInfo(d)),
        roles: roles
          .filter((r) => r.templateId === id)
          .map((r) => ({
            name: r.name,
            sequence: r.sequence,
            documentSignatures: r.documentSignatures,
            formFields: r.formFields,
            authentication: r.authentication,
          })),
        quality: template.quality,
        legislation: template.legislation,
        expiresAfterDays: template.expiresAfterDays,
        reminders:
          template.remindEveryDays === null || template.remindAtMost === null
            ? null
            : { everyDays: template.remindEveryDays, atMost: template.remindAtMost },
        createdAt: template.createdAt.toISOString(),
        updatedAt: template.updatedAt.toISOString(),
      },
    ]
  })
}

/** The one template `id` as the caller sees it. */
export async function loadTemplateView(
  db: Queryable,
  caller: { userId: string; membership: Membership },
  id: string,
): Promise<TemplateView> {
  const [view] = await loadTemplateViews(db, caller, [id])
  if (view === undefined) throw new Error(`template ${id} not found`)
  return view
}
