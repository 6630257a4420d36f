import { eq } from 'drizzle-orm'
import type { IdentificationInfoAnswer } from '../../contract/identification.ts'
import { identifications, signatures, users } from '../db/schema.ts'
import { ApiError } from '../http/api-error.ts'
import { findCurrentIdentification, isCovered } from './find-identification.ts'
import type { IdentificationMethodParams } from './identification-method.ts'
import type { IdentificationOwner, IdentificationServices } from './identification-services.ts'

/** The provider, or 503 in production while none is configured. */
export function requireProvider(services: Pick<IdentificationServices, 'provider'>) {
  if (services.provider === null)
    throw new ApiError(503, 'server.unavailable', 'Identification is not available on this server')
  return services.provider
}

/**
 * POST .../identification/{provider}/{mode}: starts an appointment at the provider, or answers the one that
 * is still open (initialized or in progress), so a double click starts one.
 */
export async function startIdentification(
  services: IdentificationServices,
  owner: IdentificationOwner,
  method: IdentificationMethodParams,
  /** The request being signed, already checked against the owner. */
  signatureRequestId?: string,
): Promise<{ info: IdentificationInfoAnswer; created: boolean }> {
  const provider = requireProvider(services)
  const { db } = services
  const now = services.now()
  const covered = await isCovered(db, owner, now)
  const open = await findCurrentIdentification(db, owner, method)
  if (open !== undefined && (open.status === 'initialized' || open.status === 'inprogress')) {
    // The latest request named is where the signer goes back to once identified.
    if (signatureRequestId !== undefined && signatureRequestId !== open.signatureRequestId)
      await db
        .update(identifications)
        .set({ signatureRequestId, updatedAt: now })
        .where(eq(identifications.id, open.id))
    return {
      info: { appointmentStatus: open.status, identUrl: open.identUrl, isCovered: covered },
      created: false,
    }
  }
  const person = await personOf(services, owner)
  const { providerRef, identUrl } = await provider.start({ ...method, person })
  await db.insert(identifications).values({
    userId: owner.kind === 'user' ? owner.userId : null,
    signatureId: owner.kind === 'direct' ? owner.signatureId : null,
    signatureRequestId: signatureRequestId ?? null,
    provider: method.provider,
    mode: method.mode,
    status: 'initialized',
    providerRef,
    identUrl,
    createdAt: now,
    updatedAt: now,
  })
  return { info: { appointmentStatus: 'initialized', identUrl, isCovered: covered }, created: true }
}

async function personOf(services: Pick<IdentificationServices, 'db'>, owner: IdentificationOwner) {
  if (owner.kind === 'user') {
    const [user] = await services.db
      .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(users)
      .where(eq(users.id, owner.userId))
    if (user === undefined) throw new ApiError(401, 'auth.unauthenticated', 'This account no longer exists')
    return user
  }
  const [signature] = await services.db
    .select({ identity: signatures.signerIdentityData, email: signatures.accountEmail })
    .from(signatures)
    .where(eq(signatures.id, owner.signatureId))
  return {
    firstName: signature?.identity?.firstName ?? null,
    lastName: signature?.identity?.lastName ?? null,
    email: signature?.email ?? '',
  }
}
