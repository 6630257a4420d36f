import type { Database } from '../db/open-database.ts'
import type { ChargeProvider } from '../providers/billing/charge-provider.ts'
import {
  createIdnowIdentificationProvider,
  type IdnowOptions,
} from '../providers/identification/idnow-identification-provider.ts'
import { createSandboxIdentificationProvider } from '../providers/identification/sandbox-identification-provider.ts'
import type { IdentificationServices } from './identification-services.ts'

/**
 * The identification services of a deployment: IDnow when IDNOW_* name a company (in any mode; the methods
 * without one answer 503); otherwise the sandbox provider outside production (its webhook secret
 * IDENTIFICATION_SANDBOX_SECRET or random per process, as only this process's own sandbox page signs with
 * it), and in production no provider, so the calls answer 503.
 */
export function createIdentificationServices(options: {
  db: Database
  now: () => Date
  publicUrl: string
  production: boolean
  /** The sandbox's webhook key; unset: random per process. */
  sandboxSecret?: string | undefined
  /** IDnow's companies; unset: the sandbox outside production, none in production. */
  idnow?: IdnowOptions | undefined
  /** Charges for identification licences. @default none: buying a licence answers 503 */
  charges?: ChargeProvider | null
}): IdentificationServices {
  const { db, now, publicUrl, production, sandboxSecret, idnow, charges = null } = options
  if (idnow !== undefined)
    return { db, now, publicUrl, provider: createIdnowIdentificationProvider(idnow), sandbox: null, charges }
  const sandbox = production
    ? null
    : createSandboxIdentificationProvider({
        publicUrl,
        ...(sandboxSecret === undefined ? {} : { secret: sandboxSecret }),
      })
  return { db, now, publicUrl, provider: sandbox, sandbox, charges }
}
