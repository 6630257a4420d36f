import type { SnapshotFrom } from 'xstate'
import type { SetupIntent } from '../../contract/billing.ts'
import type { paymentMethodFormMachine } from './payment-method-form.machine.ts'

type Snapshot = SnapshotFrom<typeof paymentMethodFormMachine>

/** The setup the form confirms the method in, or null while it is made (or could not be). */
export function selectSetupIntent(snapshot: Snapshot): SetupIntent | null {
  return snapshot.matches('preparing') ? null : snapshot.context.intent
}

/** Why the setup, the confirmation or its use failed (an error code), or null. */
export function selectPaymentMethodError(snapshot: Snapshot): string | null {
  return snapshot.context.error
}

/** The method is being confirmed or used: the button waits. */
export function selectPaymentMethodBusy(snapshot: Snapshot): boolean {
  return snapshot.hasTag('busy')
}
