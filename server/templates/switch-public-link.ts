import { eq } from 'drizzle-orm'
import { createSecretToken } from '../accounts/create-secret-token.ts'
import { publicTemplateLinks } from '../db/schema/templates.ts'
import type { Caller, RequestServices } from '../signature-requests/request-services.ts'
import { assertVisitorMaySign, notOneRole } from './find-public-template.ts'
import { findTemplate, mayEdit, onlyAdmins } from './find-template.ts'
import { templateRolesOf } from './load-templates.ts'

/**
 * PUT/DELETE /v3/templates/{id}/public-link: switches the template's public link on, answering a new link
 * (any earlier one stops working), or off, so its link stops working at once. Whoever may change the template
 * may (403 `business.not_allowed` for a member of the business that shares it); a template of more roles than
 * one cannot be signed by a visitor alone (409 `public_template.not_one_role`), nor one whose role must sign in
 * or give a second factor (409 `public_template.role_authenticates`).
 */
export async function switchPublicLink(
  services: Pick<RequestServices, 'db' | 'now' | 'publicUrl'>,
  caller: Caller,
  id: string,
  on: boolean,
): Promise<string | null> {
  return services.db.transaction(async (tx) => {
    const { template, membership } = await findTemplate(tx, caller.userId, id, true)
    if (!mayEdit(template, caller.userId, membership)) throw onlyAdmins()
    await tx.delete(publicTemplateLinks).where(eq(publicTemplateLinks.templateId, template.id))
    if (!on) return null
    const roles = await templateRolesOf(tx, template.id)
    const [role] = roles
    if (role === undefined || roles.length !== 1) throw notOneRole(roles.length)
    assertVisitorMaySign(role)
    const { token, hash } = createSecretToken()
    await tx
      .insert(publicTemplateLinks)
      .values({ templateId: template.id, tokenHash: hash, createdAt: services.now() })
    return `${services.publicUrl}/t/${token}`
  })
}
