import type { SnapshotFrom } from 'xstate'
import type { signupMachine } from './signup.machine.ts'

/** A snapshot of the signup machine. */
export type SignupSnapshot = SnapshotFrom<typeof signupMachine>

/** The steps the visitor sees, in order. */
export const signupSteps = ['name', 'password', 'terms'] as const

/** One of {@link signupSteps}. */
export type SignupStepName = (typeof signupSteps)[number]

/** The step on screen: while registering, the terms step stays visible (its submit is pending). */
export function selectStep(snapshot: SignupSnapshot): SignupStepName {
  if (snapshot.matches('name')) return 'name'
  if (snapshot.matches('password')) return 'password'
  return 'terms'
}

/** The 1-based number of the step on screen, for "Step 2 of 3". */
export function selectStepNumber(snapshot: SignupSnapshot): number {
  return signupSteps.indexOf(selectStep(snapshot)) + 1
}

/** Whether the register call is under way. */
export function selectIsRegistering(snapshot: SignupSnapshot): boolean {
  return snapshot.matches('registering')
}
