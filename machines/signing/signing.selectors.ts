import type { SnapshotFrom } from 'xstate'
import type { signingMachine } from './signing.machine.ts'

/** The SPEC §2 overlay (or, for TAN entry, dialog) a signing state shows. */
export type SigningOverlay =
  | 'seal-confirmation'
  | 'signing'
  | 'tan-entry'
  /** A code of the signer's second factor, which the sender asked for (issue 42 §5; not in SPEC §2's list). */
  | 'second-factor-entry'
  /** Leads a signer without a second factor to set one up. */
  | 'second-factor-setup'
  | 'tan-invalid'
  | 'tan-expired'
  | 'tan-locked'
  | 'signing-locked'
  | 'exhausted-signatures'
  | 'serial-number-mismatch'
  | 'mobile-aes'
  /** Registering the mobile number, a step of an account's first qualified signing (not in SPEC §2's list). */
  | 'mobile-registration'
  | 'part-11-verification'
  | 'upgrade-standards'
  | 'signing-success'
  | 'signing-failure'

type SigningSnapshot = SnapshotFrom<typeof signingMachine>
type TopState = SigningSnapshot['value'] extends infer V ? (V extends string ? V : keyof V) : never

const overlayByState: Record<TopState, SigningOverlay | undefined> = {
  idle: undefined,
  confirmingSeal: 'seal-confirmation',
  signing: 'signing',
  awaitingTan: 'tan-entry',
  awaitingSecondFactor: 'second-factor-entry',
  settingUpSecondFactor: 'second-factor-setup',
  tanInvalid: 'tan-invalid',
  tanExpired: 'tan-expired',
  tanLocked: 'tan-locked',
  signingLocked: 'signing-locked',
  exhausted: 'exhausted-signatures',
  serialMismatch: 'serial-number-mismatch',
  registeringMobile: 'mobile-registration',
  mobileAes: 'mobile-aes',
  part11Verification: 'part-11-verification',
  part11Meaning: 'part-11-verification',
  identificationRequired: 'upgrade-standards',
  success: 'signing-success',
  failure: 'signing-failure',
  done: undefined,
}

/** Which overlay to show for a snapshot, or undefined when none is open. */
export function selectSigningOverlay(snapshot: SigningSnapshot): SigningOverlay | undefined {
  const value = snapshot.value
  return stepOverlay((typeof value === 'string' ? value : Object.keys(value)[0]) as TopState)
}

/** The overlay a step of the signing shows as the machine presents it, or undefined for none. */
export function stepOverlay(step: TopState): SigningOverlay | undefined {
  return overlayByState[step]
}
