import type { SnapshotFrom } from 'xstate'
import type { embeddedSigningMachine } from './embedded-signing.machine.ts'

type Snapshot = SnapshotFrom<typeof embeddedSigningMachine>

/** The open session, while the signer signs and after. */
export const selectSession = (snapshot: Snapshot) => snapshot.context.session

/** Why the page cannot sign, once it failed. */
export const selectErrorCode = (snapshot: Snapshot) =>
  snapshot.matches('failed') ? snapshot.context.errorCode : null
