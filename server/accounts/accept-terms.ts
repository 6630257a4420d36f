import { eq } from 'drizzle-orm'
import type * as v from 'valibot'
import type { acceptSchema, User } from '../../contract/user.ts'
import { acceptInvitation } from '../businesses/invitations.ts'
import { users } from '../db/schema/accounts.ts'
import type { AccountServices } from './account-services.ts'
import { getUser } from './get-user.ts'
import { setAttributes } from './set-attributes.ts'

/**
 * POST /v1/user/accept: records the general terms (their current version), a provider's terms (added to
 * `accepted_provider_terms`), or joins the business of the waiting invitation; answers the updated user.
 */
export async function acceptTerms(
  services: AccountServices,
  userId: string,
  input: v.InferOutput<typeof acceptSchema>,
): Promise<User> {
  if (input.businessInvite) await acceptInvitation(services.db, userId, services.now())
  return services.db.transaction(async (tx) => {
    const set: Record<string, string[]> = {}
    if (input.gtc) set.accepted_gtc = [services.termsVersion]
    if (input.providerTerms !== undefined) {
      const [user] = await tx
        .select({ attributes: users.attributes })
        .from(users)
        .where(eq(users.id, userId))
        .for('update')
      const accepted = user?.attributes.accepted_provider_terms ?? []
      set.accepted_provider_terms = [...new Set([...accepted, input.providerTerms])]
    }
    await setAttributes(tx, userId, set)
    return getUser(tx, userId, services.demoQualifiedSigning)
  })
}
