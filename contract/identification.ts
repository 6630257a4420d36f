import * as v from 'valibot'

/** Identification providers of the calls' `{provider}`: one per legislation, and the Austrian eID (SPEC §1). */
export const identificationProviders = ['eidas', 'zertes', 'austria'] as const
export type IdentificationProvider = (typeof identificationProviders)[number]

/** Modes of the calls' `{mode}` (SPEC §7 Identification). */
export const identificationModes = ['video', 'robo', 'autoident', 'eid'] as const
export type IdentificationMode = (typeof identificationModes)[number]

/**
 * The provider and mode behind each method of the SPEC §2 methods table: video and self (robo) under eidas,
 * video and auto (autoident) under zertes, and the Austrian eID. loc and external-sc are no identification
 * at a provider, so they have no calls.
 */
export const offeredIdentifications: Readonly<Record<IdentificationProvider, readonly IdentificationMode[]>> =
  {
    eidas: ['video', 'robo'],
    zertes: ['video', 'autoident'],
    austria: ['eid'],
  }

/** Appointment statuses as the provider reports them; `cancelled` when the user gave up. */
export const appointmentStatuses = ['initialized', 'inprogress', 'success', 'failure', 'cancelled'] as const
export type AppointmentStatusValue = (typeof appointmentStatuses)[number]

/** SPEC §3 Identification info: GET and POST /v1/user/identification/{provider}/{mode}. */
export const identificationInfoSchema = v.object({
  appointmentStatus: v.picklist(appointmentStatuses),
  /** Where the identification runs (the provider's video call or self-ident page). */
  identUrl: v.string(),
  /** Whether the user's business pays for it. */
  isCovered: v.boolean(),
})
export type IdentificationInfoAnswer = v.InferOutput<typeof identificationInfoSchema>

/** POST body: the request being signed, when identification happens while signing. */
export const startIdentificationSchema = v.object({
  signatureRequestId: v.optional(v.pipe(v.string(), v.uuid('must be a signature request id'))),
})

/**
 * GET /v1/user/identification/payment/{id}, `id` a legislation or a signature request (its legislation): covered,
 * or the price of one identification licence.
 */
export const identificationPaymentSchema = v.object({
  covered: v.boolean(),
  /** In minor units; null when covered. */
  amount: v.nullable(v.number()),
  currency: v.nullable(v.picklist(['EUR', 'CHF'])),
  /** Who pays: the person's business, or a licence they bought; null when not covered. */
  coveredBy: v.optional(v.nullable(v.picklist(['business', 'licence'])), null),
  /** Not covered yet, but a licence paid for is processing at the bank: it covers once the bank answers. */
  processing: v.optional(v.boolean(), false),
})
export type IdentificationPayment = v.InferOutput<typeof identificationPaymentSchema>

/**
 * POST .../identification/payment/{legislation}: the payment of one identification licence, which the card
 * form confirms: `intent` is what the form takes (Stripe's PaymentIntent, or the sandbox's card setup).
 */
export const identificationPaymentStartSchema = v.object({
  /** Our id of the payment, which the confirm call names. */
  id: v.string(),
  amount: v.number(),
  currency: v.picklist(['EUR', 'CHF']),
  intent: v.object({
    id: v.string(),
    clientSecret: v.string(),
    /** Stripe's publishable key for the Payment Element; null on the sandbox, which has its own card form. */
    publishableKey: v.nullable(v.string()),
  }),
})
export type IdentificationPaymentStart = v.InferOutput<typeof identificationPaymentStartSchema>

/** POST .../identification/payment/{legislation}/{paymentId}/confirm: the intent the card form confirmed. */
export const confirmIdentificationPaymentSchema = v.object({
  intentId: v.pipe(v.string(), v.minLength(1, 'must be the confirmed intent id')),
})

const segment = encodeURIComponent

/** Path builders of the identification calls, relative to the API base. */
export const identificationPaths = {
  user: (provider: string, mode: string) => `/v1/user/identification/${segment(provider)}/${segment(mode)}`,
  direct: (provider: string, mode: string, token: string) =>
    `/v1/direct/user/identification/${segment(provider)}/${segment(mode)}?token=${segment(token)}`,
  /** `id`: a legislation, or (GET only) a signature request standing for its legislation. */
  payment: (id: string) => `/v1/user/identification/payment/${segment(id)}`,
  directPayment: (id: string, token: string) =>
    `/v1/direct/user/identification/payment/${segment(id)}?token=${segment(token)}`,
  confirmPayment: (legislation: string, paymentId: string) =>
    `/v1/user/identification/payment/${segment(legislation)}/${segment(paymentId)}/confirm`,
  directConfirmPayment: (legislation: string, paymentId: string, token: string) =>
    `/v1/direct/user/identification/payment/${segment(legislation)}/${segment(paymentId)}/confirm?token=${segment(token)}`,
  webhook: (provider: string) => `/webhooks/identification/${segment(provider)}`,
  sandboxPage: (ref: string) => `/sandbox/identification/${segment(ref)}`,
  /** Where ID Austria sends the browser back: the redirect URI registered there. */
  idAustriaCallback: '/identification/austria/callback',
}
