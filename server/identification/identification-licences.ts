import { and, asc, eq, inArray, isNull } from 'drizzle-orm'
import type { IdentificationProvider } from '../../contract/identification.ts'
import type { Legislation } from '../../machines/identification/identification.types.ts'
import type { Database } from '../db/open-database.ts'
import { identificationPayments, identifications } from '../db/schema/identification.ts'
import { isCovered } from './find-identification.ts'
import type { IdentificationOwner } from './identification-services.ts'

/**
 * Paid identification licences (table `identification_payments`). Someone no business pays for buys one
 * licence of a legislation; it covers them (SPEC §2: the methods of the covered row) until an identification
 * uses it. An identification started while covered only by a licence holds that licence; the licence is used
 * when that identification succeeds, and a failed or cancelled one leaves it for the next start. One licence
 * pays for one identification at a time: another method of the legislation started while the first is open
 * (the user chose another method, or left the first unfinished) takes the licence over and the first is given
 * up, so one licence never pays for two successful identifications and an abandoned one never asks to pay
 * twice.
 */

/** The condition naming the owner's licences. */
export function licencesOf(owner: IdentificationOwner) {
  return owner.kind === 'user'
    ? eq(identificationPayments.userId, owner.userId)
    : eq(identificationPayments.signatureId, owner.signatureId)
}

/**
 * The legislation whose licence an identification at `provider` needs; null for the Austrian eID, which
 * SPEC §2 offers without coverage.
 */
export function licensedLegislation(provider: IdentificationProvider): Legislation | null {
  return provider === 'austria' ? null : provider
}

/**
 * The owner's paid licence of the legislation that a new identification may hold, oldest first: one held by no
 * identification or by one that is over (failed, cancelled), else one an open identification holds
 * (`openHolder`), which the new one takes over.
 */
async function freeLicence(
  db: Pick<Database, 'select'>,
  owner: IdentificationOwner,
  legislation: Legislation,
) {
  const licences = await db
    .select({ id: identificationPayments.id, identificationId: identificationPayments.identificationId })
    .from(identificationPayments)
    .where(
      and(
        licencesOf(owner),
        eq(identificationPayments.legislation, legislation),
        eq(identificationPayments.status, 'paid'),
      ),
    )
    .orderBy(asc(identificationPayments.paidAt))
  const holders = licences.flatMap((licence) => (licence.identificationId ? [licence.identificationId] : []))
  const open =
    holders.length === 0
      ? []
      : await db
          .select({ id: identifications.id })
          .from(identifications)
          .where(
            and(
              inArray(identifications.id, holders),
              inArray(identifications.status, ['initialized', 'inprogress']),
            ),
          )
  const busy = new Set(open.map((row) => row.id))
  const isBusy = (licence: (typeof licences)[number]) =>
    licence.identificationId !== null && busy.has(licence.identificationId)
  const licence = licences.find((candidate) => !isBusy(candidate)) ?? licences[0]
  return licence === undefined ? undefined : { ...licence, openHolder: isBusy(licence) }
}

/**
 * Whether a new identification of the legislation is paid for: a business pays for the owner's
 * identification, or the owner holds a paid licence not used yet.
 */
export async function isCoveredFor(
  db: Pick<Database, 'select'>,
  owner: IdentificationOwner,
  legislation: Legislation,
  now: Date,
): Promise<boolean> {
  if (await isCovered(db, owner, now)) return true
  return (await freeLicence(db, owner, legislation)) !== undefined
}

/** Whether the identification holds a paid licence. */
export async function holdsLicence(db: Pick<Database, 'select'>, identificationId: string): Promise<boolean> {
  const [held] = await db
    .select({ id: identificationPayments.id })
    .from(identificationPayments)
    .where(
      and(
        eq(identificationPayments.identificationId, identificationId),
        eq(identificationPayments.status, 'paid'),
      ),
    )
    .limit(1)
  return held !== undefined
}

/**
 * Lets a new identification hold a licence of the owner (see {@link freeLicence}); answers whether it got one,
 * and the open identification it took it from, which the caller gives up. The licence changes holder only
 * from the holder it was seen with, so of two identifications started at once in two tabs (two methods of
 * the legislation) one gets it and the other does not.
 */
export async function holdLicence(
  db: Pick<Database, 'select' | 'update'>,
  owner: IdentificationOwner,
  legislation: Legislation,
  identificationId: string,
): Promise<{ held: boolean; takenFrom: string | null }> {
  const free = await freeLicence(db, owner, legislation)
  if (free === undefined) return { held: false, takenFrom: null }
  const held = await db
    .update(identificationPayments)
    .set({ identificationId })
    .where(
      and(
        eq(identificationPayments.id, free.id),
        eq(identificationPayments.status, 'paid'),
        free.identificationId === null
          ? isNull(identificationPayments.identificationId)
          : eq(identificationPayments.identificationId, free.identificationId),
      ),
    )
    .returning({ id: identificationPayments.id })
  return {
    held: held.length > 0,
    takenFrom: held.length > 0 && free.openHolder ? free.identificationId : null,
  }
}

/** The identification succeeded: the licence it held is used. */
export async function consumeLicence(db: Pick<Database, 'update'>, identificationId: string): Promise<void> {
  await db
    .update(identificationPayments)
    .set({ status: 'used' })
    .where(
      and(
        eq(identificationPayments.identificationId, identificationId),
        eq(identificationPayments.status, 'paid'),
      ),
    )
}
