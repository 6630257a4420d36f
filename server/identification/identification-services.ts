import type { Database } from '../db/open-database.ts'
import type { ChargeProvider } from '../providers/billing/charge-provider.ts'
import type { IdAustriaIdentificationProvider } from '../providers/identification/id-austria-identification-provider.ts'
import type { IdentificationProvider } from '../providers/identification/identification-provider.ts'
import type { SandboxIdentificationProvider } from '../providers/identification/sandbox-identification-provider.ts'

/** What the identification calls are built from. */
export type IdentificationServices = {
  db: Database
  now: () => Date
  publicUrl: string
  /**
   * The providers of the deployment as one, each method at the one that runs it; null in production while no
   * real one is configured (the calls answer 503).
   */
  provider: IdentificationProvider | null
  /** The sandbox, whose page the server serves; null in production. */
  sandbox: SandboxIdentificationProvider | null
  /** ID Austria, whose return the server takes; null unless it is configured. */
  idAustria: IdAustriaIdentificationProvider | null
  /** The card provider's one-off charges, for identification licences; null where payments are not set up. */
  charges: ChargeProvider | null
}

/** Whose identification a call is about: a signed-in user, or a direct-link signer by their signature. */
export type IdentificationOwner =
  | { kind: 'user'; userId: string }
  | { kind: 'direct'; signatureId: string; requestId: string }
