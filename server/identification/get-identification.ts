import type { IdentificationInfoAnswer } from '../../contract/identification.ts'
import { findCurrentIdentification, identificationNotFound, isCovered } from './find-identification.ts'
import { isCoveredFor, licensedLegislation } from './identification-licences.ts'
import type { IdentificationMethodParams } from './identification-method.ts'
import type { IdentificationOwner, IdentificationServices } from './identification-services.ts'

/** GET .../identification/{provider}/{mode}: the current appointment's SPEC §3 Identification info. */
export async function getIdentification(
  services: Pick<IdentificationServices, 'db' | 'now'>,
  owner: IdentificationOwner,
  method: IdentificationMethodParams,
): Promise<IdentificationInfoAnswer> {
  const row = await findCurrentIdentification(services.db, owner, method)
  if (row === undefined) throw identificationNotFound()
  const legislation = licensedLegislation(method.provider)
  const now = services.now()
  return {
    appointmentStatus: row.status,
    identUrl: row.identUrl,
    isCovered:
      legislation === null
        ? await isCovered(services.db, owner, now)
        : await isCoveredFor(services.db, owner, legislation, now),
  }
}
