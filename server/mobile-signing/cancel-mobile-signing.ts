import { and, eq, ne } from 'drizzle-orm'
import { mobileSignings } from '../db/schema/mobile-signing.ts'
import type { RequestSigner } from '../signing/sign-requests.ts'
import type { SigningServices } from '../signing/signing-services.ts'
import { findMobileSigning, mobileSigningClosed } from './confirm-mobile-signing.ts'

/**
 * POST /cancel/{id}: the signer (or their phone) declines the qualified signing: nothing is signed and its
 * password is no longer accepted. Cancelling twice is fine; a confirmed one (signed already) is 409.
 */
export async function cancelMobileSigning(
  services: Pick<SigningServices, 'db'>,
  signer: RequestSigner,
  id: string,
): Promise<void> {
  const row = await findMobileSigning(services.db, signer, id, 'sign')
  if (row.status === 'cancelled') return
  const [cancelled] = await services.db
    .update(mobileSignings)
    .set({ status: 'cancelled' })
    .where(and(eq(mobileSignings.id, row.id), ne(mobileSignings.status, 'confirmed')))
    .returning({ id: mobileSignings.id })
  if (cancelled === undefined) throw mobileSigningClosed()
}
