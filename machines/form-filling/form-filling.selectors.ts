import type { SnapshotFrom } from 'xstate'
import type { formFillingMachine } from './form-filling.machine.ts'

type FormFillingSnapshot = SnapshotFrom<typeof formFillingMachine>

/** Whether the signer may sign: every required field they fill is filled and no value stands refused. */
export const selectCanSign = (snapshot: FormFillingSnapshot): boolean => snapshot.matches('complete')
