import { eq } from 'drizzle-orm'
import type { User } from '../../contract/user.ts'
import type { Database } from '../db/open-database.ts'
import { users } from '../db/schema.ts'
import { ApiError } from '../http/api-error.ts'

/** GET /v1/user: the signed-in user as the contract shows it (no business until business accounts exist). */
export async function getUser(db: Pick<Database, 'select'>, userId: string): Promise<User> {
  const [user] = await db.select().from(users).where(eq(users.id, userId))
  // The session was found a moment ago; a user deleted since then is signed out.
  if (user === undefined) throw new ApiError(401, 'auth.unauthenticated', 'This account no longer exists')
  return {
    id: user.id,
    username: user.username ?? user.id,
    email: user.email,
    emailVerified: user.emailVerified,
    firstName: user.firstName,
    lastName: user.lastName,
    hasSso: user.hasSso,
    attributes: user.attributes,
    business: null,
  }
}
