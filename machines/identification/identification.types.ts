import type { Legislation } from '../../contract/signature-qualities.ts'

export { type Legislation, legislations } from '../../contract/signature-qualities.ts'

/** Identification methods the app can offer (SPEC §2 table). */
export type IdentificationMethod = 'video' | 'self' | 'id-austria' | 'external-sc' | 'loc' | 'auto'

/** Appointment status as the identification provider reports it. */
export type AppointmentStatus = 'initialized' | 'unknown' | 'inprogress' | 'success' | 'failure'

/** The product's identification status (SPEC §4). */
export type IdentificationStatus = 'initialized' | 'inprogress' | 'activatingQES' | 'failure'

/** A user's highest signature quality; `demo` is a qualified signature of a demo provider. */
export type HighestQuality = 'none' | 'ses' | 'aes' | 'qes' | 'demo'

/** One entry of a user's signature qualities. */
interface QualityEntry {
  quality?: string
}

/** The user's signature qualities as SPEC §3 lists them. */
interface SignatureQualities {
  ses?: { any?: QualityEntry }
  aes?: { any?: QualityEntry }
  aesMinimal?: { eidas?: QualityEntry; zertes?: QualityEntry }
  qes?: { eidas?: QualityEntry; zertes?: QualityEntry }
  seal?: { aes?: QualityEntry; qes?: QualityEntry }
}

/** The parts of a user the highest-quality rule reads. */
export interface QualityHolder {
  emailVerified: boolean
  signatureQualities?: SignatureQualities
}

/** What starting or polling an identification answers (SPEC §3 identification info). */
export interface IdentificationInfo {
  appointmentStatus: AppointmentStatus
  identUrl?: string
}

/** What the coverage, start and poll actors receive. */
export interface IdentificationRequest {
  legislation: Legislation
  /** Absent for the coverage check, which comes before the method. */
  method?: IdentificationMethod
  signatureRequestId?: string
}

/** A licence payment started at the card provider, which the card form confirms (SPEC §7 payment). */
export interface IdentificationPaymentIntent {
  /** Our id of the payment. */
  id: string
  /** In minor units. */
  amount: number
  currency: 'EUR' | 'CHF'
  /** What the card form confirms: Stripe's PaymentIntent, or the sandbox's card setup. */
  intent: { id: string; clientSecret: string; publishableKey: string | null }
}

/** What the payment confirmation actor receives: the flow's request, the payment, and the intent confirmed. */
export interface IdentificationPaymentConfirmation extends IdentificationRequest {
  paymentId: string
  intentId: string
}

/** Input of the identification flow. */
export interface IdentificationInput {
  /** The request being signed, when identification happens inside a signing (direct-sign). */
  signatureRequestId?: string
}

/** Stable codes of the identification flow's failures. */
export type IdentificationErrorCode =
  | 'identification.coverage_failed'
  | 'identification.start_failed'
  /** The payment could not be started (e.g. payments are not set up). */
  | 'identification.payment_failed'
  /** The card was declined, or the payment did not go through; nothing was paid. */
  | 'identification.payment_declined'
  /** The start was refused: no business or paid licence covers the method any more. */
  | 'identification.payment_required'

/** Context of the identification flow. */
export interface IdentificationContext {
  signatureRequestId?: string
  legislation?: Legislation
  /** Whether the business's licence covers the identification (SPEC §7 payment check). */
  isCovered?: boolean
  /** The licence payment under way, while someone not covered pays. */
  payment?: IdentificationPaymentIntent
  /** Methods offered for the chosen legislation and coverage. */
  methods: readonly IdentificationMethod[]
  method?: IdentificationMethod
  status?: IdentificationStatus
  /** Where the provider's identification runs (video call, self-ident page). */
  identUrl?: string
  errorCode?: IdentificationErrorCode
}

/** Events of the identification flow. */
export type IdentificationEvent =
  | { type: 'legislation.choose'; legislation: Legislation }
  | { type: 'legislation.change' }
  | { type: 'method.choose'; method: IdentificationMethod }
  | { type: 'identification.retry' }
  | { type: 'payment.start' }
  | { type: 'payment.confirm'; intentId: string }
  | { type: 'payment.cancel' }
  /** Not covered when offered the methods, covered now (a licence the bank was processing is paid): ask again. */
  | { type: 'coverage.recheck' }
  | { type: 'identification.resume'; legislation: Legislation; method: IdentificationMethod }
