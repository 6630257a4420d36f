import type {
  IdentificationMode,
  IdentificationProvider as ProviderName,
} from '../../../contract/identification.ts'

/** What the provider reports about an appointment in a webhook. */
export type IdentificationOutcome = 'inprogress' | 'success' | 'failure' | 'cancelled'

/** A verified webhook of the provider. */
export type IdentificationWebhook = {
  /** The provider's id of this event; an event is applied once. */
  eventId: string
  /** The appointment it is about. */
  providerRef: string
  status: IdentificationOutcome
  /** What the provider established, on success: field name to value. */
  result: Record<string, string> | null
}

/** What starting an appointment needs. */
type StartAppointment = {
  provider: ProviderName
  mode: IdentificationMode
  /** Prefills the provider's form. */
  person: { firstName: string | null; lastName: string | null; email: string }
}

/** An appointment as the provider knows it: the method it runs and the provider's reference. */
type Appointment = { provider: ProviderName; mode: IdentificationMode; providerRef: string }

/**
 * An identification provider (video, self or auto identification, Austrian eID): starts appointments and
 * reports their outcome by webhooks. The sandbox stands in for the real one outside production.
 */
export type IdentificationProvider = {
  /** Whether this deployment can identify by `mode` under `provider` here (the rest answers 503). */
  offers(provider: ProviderName, mode: IdentificationMode): boolean
  /**
   * Starts an appointment: the provider's reference and where the user does the identification. Throws
   * {@link ProviderUnavailable} when the provider cannot be reached.
   */
  start(input: StartAppointment): Promise<{ providerRef: string; identUrl: string }>
  /** Gives up an appointment at the provider. */
  cancel(appointment: Appointment): Promise<void>
  /**
   * Reads a webhook's raw body and headers into what the provider reports: from the webhook itself when it
   * is signed, or from the provider's API when the webhook only names the appointment. Throws
   * {@link WebhookRejected} when the webhook does not verify, is not one of the provider's events or names an
   * appointment the provider does not know; {@link ProviderUnavailable} when the provider cannot be asked now.
   */
  verifyWebhook(body: string, headers: Headers, now: Date): Promise<IdentificationWebhook>
}

/** A webhook that is not the provider's, stale, or unreadable. */
export class WebhookRejected extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'WebhookRejected'
  }
}

/** The provider cannot be reached or answers with an error of its own; the call may be tried again later. */
export class ProviderUnavailable extends Error {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, options)
    this.name = 'ProviderUnavailable'
  }
}
