import { and, eq } from 'drizzle-orm'
import type { MiddlewareHandler } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { BusinessRole } from '../../contract/businesses.ts'
import type { Database } from '../db/open-database.ts'
import { businessMembers } from '../db/schema/businesses.ts'
import { ApiError } from '../http/api-error.ts'
import type { AuthEnv } from '../http/authenticate.ts'
import { isUuid } from '../signature-requests/find-request.ts'
import { businessNotFound } from './business-errors.ts'

/**
 * The caller's place in business `businessId`, read from the database on every call (SPEC §4 roles): 404
 * `business.not_found` when they do not belong to it (another business's id looks unknown), 403
 * `business.not_allowed` when the call needs an admin and they are a member.
 */
export async function requireBusinessRole(
  db: Pick<Database, 'select'>,
  userId: string,
  businessId: string,
  needed: BusinessRole,
): Promise<BusinessRole> {
  if (!isUuid(businessId)) throw businessNotFound()
  const [membership] = await db
    .select({ role: businessMembers.role })
    .from(businessMembers)
    .where(and(eq(businessMembers.userId, userId), eq(businessMembers.businessId, businessId)))
  if (membership === undefined) throw businessNotFound()
  if (needed === 'admin' && membership.role !== 'admin') {
    throw new ApiError(403, 'business.not_allowed', 'Only the admins of the business may do this')
  }
  return membership.role
}

/**
 * Middleware that admits only the admins of the business of the path's `:id` (see {@link requireBusinessRole}).
 * Placed before a call's validators, a member learns nothing of what the call would check.
 */
export function requireBusinessAdmin(db: Pick<Database, 'select'>): MiddlewareHandler<AuthEnv> {
  return createMiddleware<AuthEnv>(async (c, next) => {
    await requireBusinessRole(db, c.get('auth').userId, c.req.param('id') ?? '', 'admin')
    await next()
  })
}
