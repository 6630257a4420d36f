import { eq } from 'drizzle-orm'
import type { IdentificationProvider as ProviderName } from '../../contract/identification.ts'
import { toIdentificationStatus } from '../../machines/identification/identification-status.ts'
import { users } from '../db/schema/accounts.ts'
import { identificationEvents, identifications } from '../db/schema/identification.ts'
import { signatures } from '../db/schema/signature-requests.ts'
import { ApiError } from '../http/api-error.ts'
import type { IdentificationWebhook } from '../providers/identification/identification-provider.ts'
import { signatureQualitiesAttribute } from '../signing/signature-qualities.ts'
import { consumeLicence } from './identification-licences.ts'
import { unlockedQualities } from './identification-method.ts'
import type { IdentificationServices } from './identification-services.ts'

/** The user attribute naming the identity fields identification verified, which the user cannot change. */
const immutableEidFieldsAttribute = 'immutable_eid_fields'

/**
 * Applies one verified webhook in one transaction: each event id once (a replay changes nothing), only
 * to an appointment still open. Success stores what the provider established and unlocks the qualities
 * of the method (SPEC §4: success becomes activatingQES); failure and cancellation unlock nothing.
 * Answers whether the event changed anything.
 */
export async function applyIdentificationWebhook(
  services: Pick<IdentificationServices, 'db' | 'now'>,
  provider: ProviderName,
  event: IdentificationWebhook,
): Promise<boolean> {
  const now = services.now()
  return services.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(identifications)
      .where(eq(identifications.providerRef, event.providerRef))
      .for('update')
    if (row === undefined || row.provider !== provider)
      throw new ApiError(404, 'identification.not_found', 'No appointment with this reference')
    const [recorded] = await tx
      .insert(identificationEvents)
      .values({ id: event.eventId, identificationId: row.id, receivedAt: now })
      .onConflictDoNothing()
      .returning({ id: identificationEvents.id })
    if (recorded === undefined) return false
    if (row.status !== 'initialized' && row.status !== 'inprogress') return false
    const succeeded = event.status !== 'cancelled' && toIdentificationStatus(event.status) === 'activatingQES'
    const finished = succeeded || event.status === 'failure'
    await tx
      .update(identifications)
      .set({
        status: event.status,
        updatedAt: now,
        ...(finished ? { completedAt: now } : {}),
        ...(succeeded ? { result: event.result ?? {} } : {}),
      })
      .where(eq(identifications.id, row.id))
    if (!succeeded) return true
    await consumeLicence(tx, row.id)
    const unlocked = unlockedQualities(row)
    const verifiedFields = Object.entries(event.result ?? {})
      .filter(([, value]) => value.trim() !== '')
      .map(([field]) => field)
    const attributes = (current: Record<string, string[]>) => ({
      ...current,
      [signatureQualitiesAttribute]: [
        ...new Set([...(current[signatureQualitiesAttribute] ?? []), ...unlocked]),
      ],
      [immutableEidFieldsAttribute]: verifiedFields,
    })
    if (row.userId !== null) {
      const [user] = await tx
        .select({ attributes: users.attributes })
        .from(users)
        .where(eq(users.id, row.userId))
        .for('update')
      if (user !== undefined)
        await tx
          .update(users)
          .set({ attributes: attributes(user.attributes) })
          .where(eq(users.id, row.userId))
    } else if (row.signatureId !== null) {
      const [signature] = await tx
        .select({ attributes: signatures.directAttributes })
        .from(signatures)
        .where(eq(signatures.id, row.signatureId))
        .for('update')
      if (signature !== undefined)
        await tx
          .update(signatures)
          .set({ directAttributes: attributes(signature.attributes) })
          .where(eq(signatures.id, row.signatureId))
    }
    return true
  })
}
