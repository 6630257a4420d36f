import { eq } from 'drizzle-orm'
import { hashToken } from '../accounts/hash-token.ts'
import { publicTemplateLinks, templates } from '../db/schema/templates.ts'
import { ApiError } from '../http/api-error.ts'
import type { Queryable } from '../signature-requests/load-requests.ts'
import type { TemplateRow } from './find-template.ts'
import { type TemplateRoleRow, templateRolesOf } from './load-templates.ts'

/** 409 for a template a visitor cannot sign alone: it has no role, or more than one. */
export function notOneRole(count: number): ApiError {
  return new ApiError(
    409,
    'public_template.not_one_role',
    `A public link signs a template of one role; this one has ${count}`,
  )
}

/**
 * A public link's visitor only confirms an e-mail address, then signs by a direct link: a role that must sign in
 * to an account or give a second factor cannot be theirs.
 */
export function assertVisitorMaySign(role: Pick<TemplateRoleRow, 'authentication'>): void {
  if (role.authentication !== 'tan')
    throw new ApiError(
      409,
      'public_template.role_authenticates',
      `A visitor of a public link cannot sign a role that requires ${role.authentication}`,
    )
}

/**
 * The template of the public link `token` and its one role: 404 `public_template.not_found` for a link that
 * does not exist or was switched off, 409 `public_template.not_one_role` for a template changed since to more
 * roles than one, 409 `public_template.role_authenticates` for one whose role was changed to require more than
 * the visitor's confirmed address.
 */
export async function findPublicTemplate(
  db: Queryable,
  token: string,
): Promise<{ template: TemplateRow; role: TemplateRoleRow }> {
  const [found] = await db
    .select({ template: templates })
    .from(publicTemplateLinks)
    .innerJoin(templates, eq(templates.id, publicTemplateLinks.templateId))
    .where(eq(publicTemplateLinks.tokenHash, hashToken(token)))
  if (found === undefined) throw new ApiError(404, 'public_template.not_found', 'No such public link')
  const roles = await templateRolesOf(db, found.template.id)
  const [role] = roles
  if (role === undefined || roles.length > 1) throw notOneRole(roles.length)
  assertVisitorMaySign(role)
  return { template: found.template, role }
}
