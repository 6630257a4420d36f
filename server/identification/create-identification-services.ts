import type { Logger } from 'pino'
import { identificationPaths } from '../../contract/identification.ts'
import { apiBase } from '../../contract/paths.ts'
import type { Database } from '../db/open-database.ts'
import type { ChargeProvider } from '../providers/billing/charge-provider.ts'
import { composeIdentificationProviders } from '../providers/identification/composite-identification-provider.ts'
import {
  createIdAustriaIdentificationProvider,
  type IdAustriaOptions,
} from '../providers/identification/id-austria-identification-provider.ts'
import type { IdentificationProvider } from '../providers/identification/identification-provider.ts'
import {
  createIdnowIdentificationProvider,
  type IdnowOptions,
} from '../providers/identification/idnow-identification-provider.ts'
import { createSandboxIdentificationProvider } from '../providers/identification/sandbox-identification-provider.ts'
import { createOpenIdClient } from '../sso/openid-client.ts'
import type { IdentificationServices } from './identification-services.ts'

/**
 * The identification services of a deployment: the real providers configured (IDnow for the methods
 * IDNOW_* name a company for, ID Austria for the Austrian eID when ID_AUSTRIA_* are set), in any mode, and
 * outside production the sandbox provider for every other method (its webhook secret
 * IDENTIFICATION_SANDBOX_SECRET or random per process, as only this process's own sandbox page signs with
 * it). In production a method no real provider runs answers 503, and with none configured every call does.
 */
export function createIdentificationServices(options: {
  db: Database
  now: () => Date
  publicUrl: string
  production: boolean
  logger: Logger
  /** The sandbox's webhook key; unset: random per process. */
  sandboxSecret?: string | undefined
  /** IDnow's companies; unset: IDnow runs no method. */
  idnow?: IdnowOptions | undefined
  /** This app's registration at ID Austria; unset: ID Austria runs no method. */
  idAustria?: IdAustriaOptions | undefined
  /** Charges for identification licences. @default none: buying a licence answers 503 */
  charges?: ChargeProvider | null
}): IdentificationServices {
  const { db, now, publicUrl, production, logger, sandboxSecret, idnow, idAustria, charges = null } = options
  const idAustriaProvider =
    idAustria === undefined
      ? null
      : createIdAustriaIdentificationProvider({
          ...idAustria,
          redirectUri: `${publicUrl}${apiBase}${identificationPaths.idAustriaCallback}`,
          openId: createOpenIdClient({ fetch: (url, init) => fetch(url, init), allowHttp: !production }),
          logger,
        })
  const sandbox = production
    ? null
    : createSandboxIdentificationProvider({
        publicUrl,
        ...(sandboxSecret === undefined ? {} : { secret: sandboxSecret }),
      })
  const members: IdentificationProvider[] = [
    ...(idnow === undefined ? [] : [createIdnowIdentificationProvider(idnow)]),
    ...(idAustriaProvider === null ? [] : [idAustriaProvider]),
    ...(sandbox === null ? [] : [sandbox]),
  ]
  return {
    db,
    now,
    publicUrl,
    provider: members.length === 0 ? null : composeIdentificationProviders(members),
    sandbox,
    idAustria: idAustriaProvider,
    charges,
  }
}
