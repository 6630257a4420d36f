import type { SnapshotFrom } from 'xstate'
import { type DerivedRoles, deriveRoles } from './derive-roles.ts'
import type { Role } from './role.ts'
import type { sessionMachine } from './session.machine.ts'
import type { DirectSignSession } from './session.types.ts'

/** A snapshot of the session machine. */
export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>

/** The role and held roles of the session, as route guards read them (SPEC §4). */
function selectRoles(snapshot: SessionSnapshot): DerivedRoles {
  if (snapshot.matches('directSign')) {
    return deriveRoles({
      userId: snapshot.context.directSign?.userId ?? null,
      directSign: true,
      business: 'none',
    })
  }
  const profile = snapshot.matches('signedIn') ? snapshot.context.profile : null
  return deriveRoles({
    userId: profile?.userId ?? null,
    directSign: false,
    business: profile?.business ?? 'none',
  })
}

/** The session's role. */
export function selectRole(snapshot: SessionSnapshot): Role {
  return selectRoles(snapshot).role
}

/** Every role the session holds (admin holds member and user; member holds user). */
export function selectRolesHeld(snapshot: SessionSnapshot): readonly Role[] {
  return selectRoles(snapshot).held
}

/** The e-mail address of the signed-in account; null signed out and in a direct-sign session. */
export function selectAccountEmail(snapshot: SessionSnapshot): string | null {
  return snapshot.matches('signedIn') ? (snapshot.context.profile?.email ?? null) : null
}

/** The user id of the signed-in account; null signed out and in a direct-sign session. */
export function selectAccountId(snapshot: SessionSnapshot): string | null {
  return snapshot.matches('signedIn') ? (snapshot.context.profile?.userId ?? null) : null
}

/** Whether the session has an identity: an account session or a direct-sign session. */
export function selectIsSignedIn(snapshot: SessionSnapshot): boolean {
  return snapshot.matches('signedIn') || snapshot.matches('directSign')
}

/** Whether the session has settled, so guards can decide (not restoring, not loading the user). */
export function selectIsSettled(snapshot: SessionSnapshot): boolean {
  return !snapshot.matches('restoring') && !snapshot.matches('signingIn')
}

/** The path a 401 interrupted, offered once signed in again; null otherwise. */
export function selectResumePath(snapshot: SessionSnapshot): string | null {
  return snapshot.matches('signedIn') ? snapshot.context.resumePath : null
}

/** The account token for the Authorization header; null without an account session. */
export function selectToken(snapshot: SessionSnapshot): string | null {
  return snapshot.matches('signedIn') ? snapshot.context.token : null
}

/** The direct-sign session (user id and request id) while one is open. */
export function selectDirectSign(snapshot: SessionSnapshot): DirectSignSession | null {
  return snapshot.matches('directSign') ? snapshot.context.directSign : null
}
