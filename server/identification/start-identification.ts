import { and, eq, inArray } from 'drizzle-orm'
import type { IdentificationInfoAnswer } from '../../contract/identification.ts'
import { findPerson } from '../accounts/find-person.ts'
import { identifications } from '../db/schema/identification.ts'
import { ApiError } from '../http/api-error.ts'
import { ProviderUnavailable } from '../providers/identification/identification-provider.ts'
import { findCurrentIdentification, isCovered } from './find-identification.ts'
import { holdLicence, holdsLicence, isCoveredFor, licensedLegislation } from './identification-licences.ts'
import type { IdentificationMethodParams } from './identification-method.ts'
import type { IdentificationOwner, IdentificationServices } from './identification-services.ts'

/**
 * The provider of `method`: 503 in production while none is configured, and 503 naming the method when the
 * configured provider does not identify by it here (e.g. the Austrian eID, which IDnow does not do).
 */
export function requireProvider(
  services: Pick<IdentificationServices, 'provider'>,
  method: IdentificationMethodParams,
) {
  if (services.provider === null)
    throw new ApiError(503, 'server.unavailable', 'Identification is not available on this server')
  if (!services.provider.offers(method.provider, method.mode))
    throw new ApiError(
      503,
      'server.unavailable',
      `Identification by '${method.mode}' under '${method.provider}' is not available on this server`,
    )
  return services.provider
}

/**
 * Rethrows the provider's {@link ProviderUnavailable} as 503, which the caller may try again later (what the
 * provider answered is logged, not sent).
 */
export function providerUnavailable(error: unknown): never {
  if (error instanceof ProviderUnavailable)
    throw new ApiError(
      503,
      'server.unavailable',
      'The identification provider cannot be reached; try again later',
      { cause: error },
    )
  throw error
}

/**
 * POST .../identification/{provider}/{mode}: starts an appointment at the provider, or answers the one that
 * is still open (initialized or in progress), so a double click starts one. A new appointment someone no
 * business covers needs a paid licence (402 otherwise); an open appointment of another method that held it
 * is given up (see identification-licences.ts).
 */
export async function startIdentification(
  services: IdentificationServices,
  owner: IdentificationOwner,
  method: IdentificationMethodParams,
  /** The request being signed, already checked against the owner. */
  signatureRequestId?: string,
): Promise<{ info: IdentificationInfoAnswer; created: boolean }> {
  const provider = requireProvider(services, method)
  const { db } = services
  const now = services.now()
  const legislation = licensedLegislation(method.provider)
  const byBusiness = await isCovered(db, owner, now)
  const open = await findCurrentIdentification(db, owner, method)
  if (open !== undefined && (open.status === 'initialized' || open.status === 'inprogress')) {
    // The latest request named is where the signer goes back to once identified.
    if (signatureRequestId !== undefined && signatureRequestId !== open.signatureRequestId)
      await db
        .update(identifications)
        .set({ signatureRequestId, updatedAt: now })
        .where(eq(identifications.id, open.id))
    const covered = byBusiness || (legislation !== null && (await holdsLicence(db, open.id)))
    return {
      info: { appointmentStatus: open.status, identUrl: open.identUrl, isCovered: covered },
      created: false,
    }
  }
  const paymentRequired = () =>
    new ApiError(
      402,
      'identification.payment_required',
      `Identification under ${legislation} needs a licence: a business that covers it, or one paid for first`,
    )
  // SPEC §2: without coverage only the Austrian eID is offered; the others need a licence paid first.
  const byLicence = !byBusiness && legislation !== null
  if (byLicence && !(await isCoveredFor(db, owner, legislation, now))) throw paymentRequired()
  const person = await findPerson(db, owner)
  if (person === undefined) throw new ApiError(401, 'auth.unauthenticated', 'This account no longer exists')
  const { firstName, lastName, email } = person
  const { providerRef, identUrl } = await provider
    .start({ ...method, person: { firstName, lastName, email } })
    .catch(providerUnavailable)
  const [created] = await db
    .insert(identifications)
    .values({
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
    .returning({ id: identifications.id })
  if (created === undefined) throw new Error('identification: the insert answered no row')
  // What a business does not pay for, a paid licence does: this identification holds it until it ends. An
  // open identification of another method that held it is given up; another start in another tab may have
  // taken it meanwhile, and then this appointment is given up.
  if (byLicence) {
    const { held, takenFrom } = await holdLicence(db, owner, legislation, created.id)
    const giveUp = held ? takenFrom : created.id
    if (giveUp !== null) await giveUpIdentification(services, giveUp)
    if (!held) throw paymentRequired()
  }
  const covered = byBusiness || legislation !== null
  return { info: { appointmentStatus: 'initialized', identUrl, isCovered: covered }, created: true }
}

/**
 * Gives up an appointment at the provider, as far as it can be reached (a result it reports later changes
 * nothing), and marks it cancelled.
 */
async function giveUpIdentification(services: IdentificationServices, id: string): Promise<void> {
  const [row] = await services.db
    .update(identifications)
    .set({ status: 'cancelled', updatedAt: services.now() })
    .where(and(eq(identifications.id, id), inArray(identifications.status, ['initialized', 'inprogress'])))
    .returning({
      provider: identifications.provider,
      mode: identifications.mode,
      providerRef: identifications.providerRef,
    })
  if (row !== undefined) await services.provider?.cancel(row).catch(() => undefined)
}
