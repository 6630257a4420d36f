import type { SnapshotFrom } from 'xstate'
import type { identificationMachine } from './identification.machine.ts'

type IdentificationSnapshot = SnapshotFrom<typeof identificationMachine>

/** The step of the identification flow the screen shows: the machine's state. */
export function selectIdentificationStep(snapshot: IdentificationSnapshot): IdentificationSnapshot['value'] {
  return snapshot.value
}

/** What the flow knows so far (methods, coverage, payment, the provider's page and status, the last error). */
export function selectIdentificationContext(
  snapshot: IdentificationSnapshot,
): IdentificationSnapshot['context'] {
  return snapshot.context
}
