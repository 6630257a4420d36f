import { eq } from 'drizzle-orm'
import { users } from '../db/schema/accounts.ts'
import type { AccountServices } from './account-services.ts'

const maxSuggestions = 10

/**
 * GET /v1/email_input_autocomplete: addresses the user has worked with that start with `input`, at most
 * ten. Until signature requests exist that is only the user's own address: nobody else's may leak.
 */
export async function autocompleteEmails(
  services: AccountServices,
  userId: string,
  input: string,
): Promise<{ emails: string[] }> {
  const prefix = input.trim().toLowerCase()
  const [user] = await services.db.select({ email: users.email }).from(users).where(eq(users.id, userId))
  const known = user === undefined ? [] : [user.email]
  return { emails: known.filter((email) => email.startsWith(prefix)).slice(0, maxSuggestions) }
}
