import { eq } from 'drizzle-orm'
import { isUniqueViolation } from '../accounts/is-unique-violation.ts'
import type { Database } from '../db/open-database.ts'
import { businessMembers } from '../db/schema/businesses.ts'
import { ApiError } from '../http/api-error.ts'

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]

/** 404 for a business that does not exist or that the caller does not belong to: the two look the same. */
export const businessNotFound = () => new ApiError(404, 'business.not_found', 'No such business')

/** 409 for a user who belongs to a business already: a user belongs to at most one. */
const alreadyMember = () =>
  new ApiError(409, 'business.already_member', 'You belong to a business already: leave it first')

/** 409 `business.already_member` when the user belongs to a business already (one business per user). */
export async function requireNoBusiness(db: Pick<Database, 'select'>, userId: string): Promise<void> {
  const [member] = await db
    .select({ userId: businessMembers.userId })
    .from(businessMembers)
    .where(eq(businessMembers.userId, userId))
  if (member !== undefined) throw alreadyMember()
}

/**
 * Runs `join` in a transaction for a user who belongs to no business yet, else 409
 * `business.already_member`; two joins of one user racing are decided by the member key, and the loser
 * gets the same 409.
 */
export async function joinAsNewMember<T>(
  db: Database,
  userId: string,
  join: (tx: Transaction) => Promise<T>,
): Promise<T> {
  return db
    .transaction(async (tx) => {
      await requireNoBusiness(tx, userId)
      return join(tx)
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? alreadyMember() : error
    })
}
