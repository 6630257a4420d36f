import { and, eq, inArray } from 'drizzle-orm'
import type { CreateTemplate, TemplateView } from '../../contract/templates.ts'
import { documents } from '../db/schema/documents.ts'
import { ApiError } from '../http/api-error.ts'
import type { Caller, RequestServices } from '../signature-requests/request-services.ts'
import { checkRoles } from './check-roles.ts'
import { membershipOf, sharingBusiness } from './find-template.ts'
import { insertTemplate } from './insert-template.ts'
import { loadTemplateView } from './load-templates.ts'

/**
 * POST /v3/templates: a template of the caller's, from documents they uploaded (a document id that is not
 * theirs is 404 `document.not_found` naming it), with its roles' fields on those documents; shared with the
 * caller's business when an admin asks (403 `business.not_allowed` for anyone else).
 */
export async function createTemplate(
  services: Pick<RequestServices, 'db' | 'now'>,
  caller: Caller,
  input: CreateTemplate,
): Promise<TemplateView> {
  const membership = await membershipOf(services.db, caller.userId)
  const businessId = input.shared ? sharingBusiness(membership) : null
  const ids = [...new Set(input.documents.map((d) => d.id))]
  const id = await services.db.transaction(async (tx) => {
    const owned =
      ids.length === 0
        ? []
        : await tx
            .select()
            .from(documents)
            .where(and(inArray(documents.id, ids), eq(documents.ownerId, caller.userId)))
    const missing = input.documents.findIndex((d) => !owned.some((o) => o.id === d.id))
    if (missing >= 0) {
      throw new ApiError(404, 'document.not_found', 'No such document of yours', {
        field: `documents.${missing}.id`,
      })
    }
    const inOrder = ids.flatMap((documentId) => owned.filter((d) => d.id === documentId))
    return insertTemplate(
      tx,
      {
        ownerId: caller.userId,
        businessId,
        title: input.title,
        message: input.message,
        quality: input.quality ?? null,
        legislation: input.legislation ?? null,
        expiresAfterDays: input.expiresAfterDays ?? null,
        reminders: input.reminders ?? null,
        documents: inOrder,
        roles: checkRoles(input.roles, inOrder),
      },
      services.now(),
    )
  })
  return loadTemplateView(services.db, { userId: caller.userId, membership }, id)
}
