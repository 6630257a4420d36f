import { eq } from 'drizzle-orm'
import { apiUsers, businessMembers } from '../db/schema/businesses.ts'
import { templates } from '../db/schema/templates.ts'
import { ApiError } from '../http/api-error.ts'
import { isUuid } from '../signature-requests/find-request.ts'
import type { Queryable } from '../signature-requests/load-requests.ts'

/** A template as its row stands. */
export type TemplateRow = typeof templates.$inferSelect

/** The business a caller belongs to and their role in it; an API user of a business is one of its members. */
export type Membership = { businessId: string; role: 'admin' | 'member' } | null

/** The caller's business and role in it, or null for an account of its own. */
export async function membershipOf(db: Queryable, userId: string): Promise<Membership> {
  const [member] = await db
    .select({ businessId: businessMembers.businessId, role: businessMembers.role })
    .from(businessMembers)
    .where(eq(businessMembers.userId, userId))
  if (member !== undefined) return member
  const [apiUser] = await db
    .select({ businessId: apiUsers.businessId })
    .from(apiUsers)
    .where(eq(apiUsers.userId, userId))
  return apiUser === undefined ? null : { businessId: apiUser.businessId, role: 'member' }
}

/** Whether the caller may see and use the template: its owner, or a member of the business that shares it. */
export function mayUse(template: Pick<TemplateRow, 'ownerId' | 'businessId'>, userId: string, m: Membership) {
  return (
    template.ownerId === userId || (template.businessId !== null && template.businessId === m?.businessId)
  )
}

/** Whether the caller may change and delete it: the admins of the business that shares it, else its owner. */
export function mayEdit(
  template: Pick<TemplateRow, 'ownerId' | 'businessId'>,
  userId: string,
  m: Membership,
) {
  if (template.businessId === null) return template.ownerId === userId
  return m?.businessId === template.businessId && m.role === 'admin'
}

/** 404 for a template that does not exist or that the caller may not know of. */
export function templateNotFound(): ApiError {
  return new ApiError(404, 'template.not_found', 'No such template')
}

/** 403 for a shared template changed by one of the business's members. */
export function onlyAdmins(): ApiError {
  return new ApiError(
    403,
    'business.not_allowed',
    'Only the admins of the business may change a shared template',
  )
}

/**
 * The business a template is shared with when its caller shares it: theirs, if they are one of its admins (403
 * `business.not_allowed` for a member or an account of its own).
 */
export function sharingBusiness(m: Membership): string {
  if (m === null || m.role !== 'admin') {
    throw new ApiError(403, 'business.not_allowed', 'Only the admins of a business may share a template', {
      field: 'shared',
    })
  }
  return m.businessId
}

/**
 * The template `id` if the caller may use it (else 404 `template.not_found`), with their membership; with
 * `forUpdate` its row is locked until the transaction `db` ends.
 */
export async function findTemplate(
  db: Queryable,
  userId: string,
  id: string,
  forUpdate = false,
): Promise<{ template: TemplateRow; membership: Membership }> {
  if (!isUuid(id)) throw templateNotFound()
  const query = db.select().from(templates).where(eq(templates.id, id))
  const [template] = forUpdate ? await query.for('update') : await query
  const membership = await membershipOf(db, userId)
  if (template === undefined || !mayUse(template, userId, membership)) throw templateNotFound()
  return { template, membership }
}
