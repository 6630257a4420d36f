import { and, asc, eq, inArray, isNull } from 'drizzle-orm'
import type { IdentificationProvider } from '../../contract/identification.ts'
import type { Legislation } from '../../machines/identification/identification.types.ts'
import type { Database } from '../db/open-database.ts'
import { identificationPayments, identifications } from '../db/schema.ts'
import { isCovered } from './find-identification.ts'
import type { IdentificationOwner } from './identification-services.ts'

/**
 * Paid identification licences (table `identification_payments`). Someone no business pays for buys one
 * licence of a legislation; it covers them (SPEC §2: the methods of the covered row) until an identification
 * uses it. An identification started while covered only by a licence holds that licence; the licence is used
 * when that identification succeeds, and a failed or cancelled one leaves it for the next start. While it is
 * open, the licence pays for it alone: another method of the legislation started meanwhile (in another tab)
 * is refused with 402 `identification.payment_required`, so one licence never pays for two successful
 * identifications; once the first fails or is cancelled, the next start holds the same licence.
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
 * identification, or by one that is over (failed, cancelled) rather than still open. A licence held by an
 * open identification pays for that one only.
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
  return licences.find((licence) => licence.identificationId === null || !busy.has(licence.identificationId))
}

/**
 * Whether a new identification of the legislation is paid for: a business pays for the owner's
 * identification, or the owner holds a paid licence that no open identification holds.
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
 * Lets a new identification hold a free licence of the owner (see {@link freeLicence}); answers whether it
 * got one. The licence changes holder only from the holder it was seen with, so of two identifications
 * started at once in two tabs (two methods of the legislation) one gets it and the other does not.
 */
export async function holdLicence(
  db: Pick<Database, 'select' | 'update'>,
  owner: IdentificationOwner,
  legislation: Legislation,
  identificationId: string,
): Promise<boolean> {
  const free = await freeLicence(db, owner, legislation)
  if (free === undefined) return false
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
  return held.length > 0
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
