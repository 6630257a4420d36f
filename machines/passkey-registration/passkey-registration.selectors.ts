import type { SnapshotFrom } from 'xstate'
import type { passkeyRegistrationMachine } from './passkey-registration.machine.ts'

type Snapshot = SnapshotFrom<typeof passkeyRegistrationMachine>

/** A step is under way (the server, or the authenticator): the button waits. */
export function selectPasskeyBusy(snapshot: Snapshot): boolean {
  return snapshot.hasTag('busy')
}

/** The browser is asking the authenticator (fingerprint, face, screen lock or security key). */
export function selectWaitingForAuthenticator(snapshot: Snapshot): boolean {
  return snapshot.matches('waitingForAuthenticator')
}

/** Why the last try failed (as the actor rejected), or null. */
export function selectPasskeyFailure(snapshot: Snapshot): unknown {
  return snapshot.matches('failed') ? snapshot.context.failure : null
}
