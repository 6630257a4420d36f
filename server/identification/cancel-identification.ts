import { eq } from 'drizzle-orm'
import { identifications } from '../db/schema/identification.ts'
import { findCurrentIdentification, identificationNotFound } from './find-identification.ts'
import type { IdentificationMethodParams } from './identification-method.ts'
import type { IdentificationOwner, IdentificationServices } from './identification-services.ts'
import { providerUnavailable, requireProvider } from './start-identification.ts'

/**
 * DELETE .../identification/{provider}/{mode}: gives up the open appointment at the provider and marks it
 * cancelled; a finished one (success, failure) stays as it is and is not open, so 404.
 */
export async function cancelIdentification(
  services: IdentificationServices,
  owner: IdentificationOwner,
  method: IdentificationMethodParams,
): Promise<void> {
  const provider = requireProvider(services, method)
  const row = await findCurrentIdentification(services.db, owner, method)
  if (row === undefined || (row.status !== 'initialized' && row.status !== 'inprogress'))
    throw identificationNotFound()
  await provider.cancel({ ...method, providerRef: row.providerRef }).catch(providerUnavailable)
  await services.db
    .update(identifications)
    .set({ status: 'cancelled', updatedAt: services.now() })
    .where(eq(identifications.id, row.id))
}
