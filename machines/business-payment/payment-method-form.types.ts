import type { SetupIntent } from '../../contract/billing.ts'

/** Context of the payment method form machine. */
export interface PaymentMethodFormContext {
  /** The provider's setup the payer's method is confirmed in; null until it is made. */
  intent: SetupIntent | null
  /** The id of the setup the provider confirmed, handed to the host. */
  confirmed: string | null
  /** Why the setup could not be made, or the method not confirmed or used (an error code). */
  error: string | null
}

/** Input of the `confirmMethod` actor. */
export interface ConfirmMethodInput {
  intent: SetupIntent
  /** The provider's confirmation of what the payer entered; answers the confirmed setup's id. */
  confirm: (intent: SetupIntent) => Promise<string>
}

/** Input of the `complete` actor: what the form's host does with the confirmed method. */
export interface CompleteMethodInput {
  setupIntentId: string
}

/** Events of the payment method form machine. */
export type PaymentMethodFormEvent = {
  type: 'method.submit'
  /** The provider's own confirmation (the sandbox's form, or Stripe's Payment Element). */
  confirm: (intent: SetupIntent) => Promise<string>
}
