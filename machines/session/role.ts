/** The roles of SPEC §2 and §6, from least to most privileged account. */
export const roles = ['unauthenticated', 'nas', 'user', 'member', 'admin'] as const

/** A role a route can allow (SPEC §6). */
export type Role = (typeof roles)[number]

/** Roles of someone with an account session (not a visitor, not a direct-link signer). */
export const accountRoles: readonly Role[] = ['user', 'member', 'admin']

const held: Record<Role, readonly Role[]> = {
  unauthenticated: ['unauthenticated'],
  nas: ['nas'],
  user: ['user'],
  member: ['member', 'user'],
  admin: ['admin', 'member', 'user'],
}

/** The roles a role holds (SPEC §4): admin also holds member and user; member also holds user. */
export function rolesHeld(role: Role): readonly Role[] {
  return held[role]
}
