import { eq } from 'drizzle-orm'
import { setAttributes } from '../accounts/set-attributes.ts'
import type { Database } from '../db/open-database.ts'
import { users } from '../db/schema/accounts.ts'
import { ApiError } from '../http/api-error.ts'

/**
 * POST /v1/user/free_migration (SPEC §2 free migration): a user on the legacy free plan (user attribute
 * free_account_type `free_legacy`) moves to the new free plan, `free_migrated`, which signs but does not
 * upload (SPEC §6). Anyone else is a 409: the move is once, and only from the legacy free plan.
 */
export async function migrateToNewFreePlan(db: Database, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ attributes: users.attributes })
      .from(users)
      .where(eq(users.id, userId))
      .for('update')
    if (user?.attributes.free_account_type?.[0] !== 'free_legacy') {
      throw new ApiError(
        409,
        'billing.plan_unavailable',
        'free_account_type: the account is not on the legacy free plan',
        { field: 'free_account_type' },
      )
    }
    await setAttributes(tx, userId, { free_account_type: ['free_migrated'] })
  })
}
