import { type Role, rolesHeld } from './role.ts'
import type { BusinessMembership } from './session.types.ts'

/** The facts role derivation reads (SPEC §4 Role derivation). */
export interface RoleFacts {
  /** The signed-in user's id, or the direct-sign session's user id; null for a visitor. */
  userId: string | null
  /** Whether the session is a direct-sign session (a user id and a request id). */
  directSign: boolean
  /** The user's place in a business. */
  business: BusinessMembership
}

/** A derived role and every role it holds. */
export interface DerivedRoles {
  role: Role
  held: readonly Role[]
}

/**
 * Derives the role in the SPEC's order: no user id gives unauthenticated, a direct-sign session
 * gives nas, a business admin gives admin, a business member gives member, anyone else is a user.
 */
export function deriveRoles(facts: RoleFacts): DerivedRoles {
  const role: Role =
    facts.userId === null || facts.userId === ''
      ? 'unauthenticated'
      : facts.directSign
        ? 'nas'
        : facts.business === 'admin'
          ? 'admin'
          : facts.business === 'member'
            ? 'member'
            : 'user'
  return { role, held: rolesHeld(role) }
}
