import { eq } from 'drizzle-orm'
import { users } from '../db/schema/accounts.ts'
import { ApiError } from '../http/api-error.ts'
import type { AccountServices } from './account-services.ts'
import { type LoginKeys, loginThrottle } from './login-throttle.ts'
import { verifyPassword } from './verify-password.ts'

/**
 * Checks the signed-in user's password before a change of their second factor, in the sign-in throttle of
 * their account and `address`: 403 `auth.wrong_password` (counted), 429 while it must wait. Answers the
 * throttle's keys, for the code checked next.
 */
export async function checkAccountPassword(
  services: AccountServices,
  userId: string,
  password: string,
  address: string,
): Promise<LoginKeys> {
  const [user] = await services.db.select().from(users).where(eq(users.id, userId))
  if (user === undefined) throw new ApiError(401, 'auth.unauthenticated', 'This account no longer exists')
  const keys = { account: user.email, address }
  await loginThrottle.check(services.db, keys, services.now())
  if (!(await verifyPassword(password, user.passwordHash))) {
    await loginThrottle.fail(services.db, keys, services.now())
    throw new ApiError(403, 'auth.wrong_password', 'The password is wrong', { field: 'password' })
  }
  return keys
}
