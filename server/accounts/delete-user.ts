import { eq } from 'drizzle-orm'
import { loginFailures, oneTimeTokens, users } from '../db/schema/accounts.ts'
import { ApiError } from '../http/api-error.ts'
import type { AccountServices } from './account-services.ts'
import { verifyPassword } from './verify-password.ts'

/**
 * POST /v1/user/delete: after the password is confirmed, removes the user and every row of theirs
 * (sessions go with the user row; mailed tokens and failure counts by address).
 */
export async function deleteUser(services: AccountServices, userId: string, password: string): Promise<void> {
  const [user] = await services.db.select().from(users).where(eq(users.id, userId))
  if (user === undefined || !(await verifyPassword(password, user.passwordHash))) {
    throw new ApiError(403, 'auth.wrong_password', 'The password is wrong', { field: 'password' })
  }
  await services.db.transaction(async (tx) => {
    await tx.delete(oneTimeTokens).where(eq(oneTimeTokens.email, user.email))
    await tx.delete(loginFailures).where(eq(loginFailures.key, `account:${user.email}`))
    await tx.delete(users).where(eq(users.id, user.id))
  })
}
