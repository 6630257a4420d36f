import { eq } from 'drizzle-orm'
import type { TemplateView, UpdateTemplate } from '../../contract/templates.ts'
import { templateRoles, templates } from '../db/schema/templates.ts'
import type { Caller, RequestServices } from '../signature-requests/request-services.ts'
import { checkRoles } from './check-roles.ts'
import { findTemplate, mayEdit, onlyAdmins, sharingBusiness } from './find-template.ts'
import { insertRoles } from './insert-template.ts'
import { loadTemplateView, templateDocumentsOf, templateRolesOf } from './load-templates.ts'

/**
 * PUT /v3/templates/{id}: its owner (or, while shared, an admin of the business) changes what the body names;
 * `roles` replaces every role, their fields on the template's documents (a form field keeps the id it names).
 * A member of the business that shares it gets 403 `business.not_allowed`; anyone else 404.
 */
export async function updateTemplate(
  services: Pick<RequestServices, 'db' | 'now'>,
  caller: Caller,
  id: string,
  input: UpdateTemplate,
): Promise<TemplateView> {
  const membership = await services.db.transaction(async (tx) => {
    const { template, membership } = await findTemplate(tx, caller.userId, id, true)
    if (!mayEdit(template, caller.userId, membership)) throw onlyAdmins()
    const businessId =
      input.shared === undefined ? template.businessId : input.shared ? sharingBusiness(membership) : null
    if (input.roles !== undefined) {
      const stored = (await templateRolesOf(tx, id)).flatMap((role) => role.formFields)
      const roles = checkRoles(input.roles, await templateDocumentsOf(tx, id), stored)
      await tx.delete(templateRoles).where(eq(templateRoles.templateId, id))
      await insertRoles(tx, id, roles)
    }
    const { reminders } = input
    await tx
      .update(templates)
      .set({
        businessId,
        title: input.title,
        message: input.message,
        quality: input.quality,
        legislation: input.quality === undefined ? undefined : (input.legislation ?? null),
        expiresAfterDays: input.expiresAfterDays,
        // Left out: as they were; null: none.
        remindEveryDays: reminders === undefined ? undefined : (reminders?.everyDays ?? null),
        remindAtMost: reminders === undefined ? undefined : (reminders?.atMost ?? null),
        updatedAt: services.now(),
      })
      .where(eq(templates.id, id))
    return membership
  })
  return loadTemplateView(services.db, { userId: caller.userId, membership }, id)
}
