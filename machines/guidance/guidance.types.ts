/** The two roles the guidance tool knows (SPEC §6). */
export type GuidanceRole = 'admin' | 'user'

/** What the app knows that decides whether and how the guidance tool runs. */
export interface GuidanceFacts {
  /** The signed-in user's id; null when signed out. */
  userId: string | null
  email: string | null
  /** The user attribute signer_identity_email, preferred over the account email. */
  signerIdentityEmail: string | null
  businessId: string | null
  isBusinessAdmin: boolean
  /** The active price plan id, e.g. `free_legacy`. */
  planId: string | null
  /** When the plan started (as the API gives it). */
  planStart: string | null
  /** The UI locale, e.g. `en-gb`. */
  locale: string
  /** The business setting userPilot.enabled. */
  userPilotEnabled: boolean
}

/** The identify call's payload (SPEC §7 Other). */
export interface GuidanceIdentity {
  userId: string
  email: string | null
  businessId: string | null
  role: GuidanceRole
  planId: string | null
  locale: string
  planStart: string | null
}

/** Context of the guidance machine. */
export interface GuidanceContext {
  /** The identity last sent to the tool; null while off or anonymous. */
  identity: GuidanceIdentity | null
}

/** Events of the guidance machine. */
export type GuidanceEvent = { type: 'guidance.sync'; facts: GuidanceFacts }
