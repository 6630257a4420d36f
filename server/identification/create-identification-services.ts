import type { Database } from '../db/open-database.ts'
import type { ChargeProvider } from '../providers/billing/charge-provider.ts'
import { createSandboxIdentificationProvider } from '../providers/identification/sandbox-identification-provider.ts'
import type { IdentificationServices } from './identification-services.ts'

/**
 * The identification services of a deployment: the sandbox provider outside production (its webhook secret
 * IDENTIFICATION_SANDBOX_SECRET or random per process, as only this process's own sandbox page signs with it); in production no provider
 * until a real one is configured, so the calls answer 503.
 */
export function createIdentificationServices(options: {
  db: Database
  now: () => Date
  publicUrl: string
  production: boolean
  /** The sandbox's webhook key; unset: random per process. */
  sandboxSecret?: string | undefined
  /** Charges for identification licences. @default none: buying a licence answers 503 */
  charges?: ChargeProvider | null
}): IdentificationServices {
  const { db, now, publicUrl, production, sandboxSecret, charges = null } = options
  const sandbox = production
    ? null
    : createSandboxIdentificationProvider({
        publicUrl,
        ...(sandboxSecret === undefined ? {} : { secret: sandboxSecret }),
      })
  return { db, now, publicUrl, provider: sandbox, sandbox, charges }
}
