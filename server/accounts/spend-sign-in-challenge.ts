import { eq } from 'drizzle-orm'
import type { Database } from '../db/open-database.ts'
import { signInChallenges } from '../db/schema/accounts.ts'
import { ApiError } from '../http/api-error.ts'

/** A sign-in waiting for its second factor that is unknown, expired or spent already (401). */
export const signInExpired = () =>
  new ApiError(401, 'auth.sign_in_expired', 'This sign-in has expired: enter your password again')

/**
 * Spends the sign-in challenge `id` once its second factor is right: of requests that bring a good factor at
 * once, one gets the session, the others 401 `auth.sign_in_expired`. Answers whether it asked to be remembered.
 */
export async function spendSignInChallenge(
  db: Pick<Database, 'delete'>,
  id: string,
): Promise<{ rememberMe: boolean }> {
  const [spent] = await db
    .delete(signInChallenges)
    .where(eq(signInChallenges.id, id))
    .returning({ rememberMe: signInChallenges.rememberMe })
  if (spent === undefined) throw signInExpired()
  return spent
}
