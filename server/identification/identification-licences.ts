import { and, asc, eq, inArray } from 'drizzle-orm'
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
 * when that identification succeeds, and a failed, cancelled or abandoned one leaves it for the next start.
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

/** The owner's paid licences of the legislation not used yet, oldest first. */
async function paidLicences(
  db: Pick<Database, 'select'>,
  owner: IdentificationOwner,
  legislation: Legislation,
) {
  return db
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
}

/** Whether a business pays for the owner's identification, or the owner holds a paid licence of the legislation. */
export async function isCoveredFor(
  db: Pick<Database, 'select'>,
  owner: IdentificationOwner,
  legislation: Legislation,
  now: Date,
): Promise<boolean> {
  if (await isCovered(db, owner, now)) return true
  return (await paidLicences(db, owner, legislation)).length > 0
}

/**
 * Lets a new identification hold one of the owner's paid licences of its legislation: one held by no
 * identification, or by one that is over (failed, cancelled) rather than still open.
 */
export async function holdLicence(
  db: Pick<Database, 'select' | 'update'>,
  owner: IdentificationOwner,
  legislation: Legislation,
  identificationId: string,
): Promise<void> {
  const licences = await paidLicences(db, owner, legislation)
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
  const free = licences.find(
    (licence) => licence.identificationId === null || !busy.has(licence.identificationId),
  )
  if (free === undefined) return
  await db
    .update(identificationPayments)
    .set({ identificationId })
    .where(and(eq(identificationPayments.id, free.id), eq(identificationPayments.status, 'paid')))
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
