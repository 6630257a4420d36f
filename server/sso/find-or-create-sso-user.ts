import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { isUniqueViolation } from '../accounts/is-unique-violation.ts'
import { inviteByDomain } from '../businesses/business-domains.ts'
import { users } from '../db/schema/accounts.ts'
import type { SsoIdentity } from './sso-identity.ts'
import type { SsoServices } from './sso-services.ts'

/**
 * The id of the account of the address an identity provider vouched for: an existing account becomes a
 * single-sign-on one with a verified address and keeps the names it has; a new one gets the token's
 * names and no accepted terms, so the app asks for both at /signup/sso, and finds the invitation of a
 * business that owns its address's domain waiting.
 */
export async function findOrCreateSsoUser(services: SsoServices, identity: SsoIdentity): Promise<string> {
  const { db } = services
  const find = async () => {
    const [user] = await db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.email, identity.email))
    return user
  }
  const existing = await find()
  if (existing !== undefined) {
    await db
      .update(users)
      .set({
        hasSso: true,
        emailVerified: true,
        firstName: existing.firstName ?? identity.givenName ?? null,
        lastName: existing.lastName ?? identity.familyName ?? null,
      })
      .where(eq(users.id, existing.id))
    return existing.id
  }
  const id = randomUUID()
  try {
    await db.transaction(async (tx) => {
      await tx.insert(users).values({
        id,
        username: id,
        email: identity.email,
        emailVerified: true,
        firstName: identity.givenName ?? null,
        lastName: identity.familyName ?? null,
        passwordHash: null,
        hasSso: true,
        createdAt: services.now(),
      })
      // The provider confirmed the address: a business owning its domain has an invitation waiting.
      await inviteByDomain(tx, identity.email, services.now())
    })
    return id
  } catch (error) {
    // Two first sign-ins of one address racing: the other one created the account.
    const winner = isUniqueViolation(error) ? await find() : undefined
    if (winner === undefined) throw error
    return winner.id
  }
}
