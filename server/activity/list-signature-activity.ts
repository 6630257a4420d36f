import { and, asc, count, desc, eq, gte, isNotNull, lt, type SQL, sql } from 'drizzle-orm'
import type {
  ActivityPage,
  ActivityRange,
  ActivitySortColumn,
  SignatureActivity,
} from '../../contract/activity.ts'
import type { Database } from '../db/open-database.ts'
import { apiUsers, businessMembers, seals, signatureRequests, signatures, users } from '../db/schema.ts'
import {
  apiUserOn,
  isPersonOf,
  memberOn,
  personEmail,
  personKind,
  personName,
  sortableText,
} from './activity-people.ts'
import { type ActivityQuery, instantsOf } from './parse-activity-query.ts'

/** What a signature row reads, as the list and the export show it. */
const columns = {
  id: signatures.id,
  requestId: signatureRequests.id,
  title: signatureRequests.title,
  signerKind: personKind,
  signerName: personName,
  signerEmail: personEmail,
  quality: signatures.quality,
  signedAt: signatures.signedAt,
  sealName: seals.displayName,
  /** The signing time exactly as stored (to the microsecond), where the export goes on after a batch. */
  cursor: sql<string>`${signatures.signedAt}::text`,
}

/** Signatures given in `range` by the people of the business, with their request, signer and seal. */
export function signaturesIn(db: Database, businessId: string, range: ActivityRange, extra?: SQL) {
  const { from, until } = instantsOf(range)
  return db
    .select(columns)
    .from(signatures)
    .innerJoin(signatureRequests, eq(signatureRequests.id, signatures.requestId))
    .innerJoin(users, eq(users.id, signatures.signerId))
    .leftJoin(businessMembers, memberOn(businessId))
    .leftJoin(apiUsers, apiUserOn(businessId))
    .leftJoin(seals, eq(seals.id, signatures.sealId))
    .where(
      and(
        isPersonOf(db, businessId, signatures.signerId),
        isNotNull(signatures.signedAt),
        gte(signatures.signedAt, from),
        lt(signatures.signedAt, until),
        extra,
      ),
    )
}

/** A row of {@link signaturesIn}. */
export type SignatureRow = Awaited<ReturnType<typeof signaturesIn>>[number]

/** A row of {@link signaturesIn} as the wire has it. */
export function toSignatureActivity(row: SignatureRow): SignatureActivity {
  const { signedAt, cursor: _, ...rest } = row
  // The query reads signed signatures only.
  if (signedAt === null) throw new Error(`signature ${row.id} has no signing time`)
  return { ...rest, signedAt: signedAt.toISOString() }
}

/**
 * GET /v2/businesses/{id}/activities/signatures: one row per signature the business's people gave in the
 * range: who, on which request, with which quality, when, and the seal if they gave it with one.
 */
export async function listSignatureActivity(
  db: Database,
  businessId: string,
  query: ActivityQuery<'signatures'>,
): Promise<ActivityPage<'signatures'>> {
  const sortBy: Record<ActivitySortColumn<'signatures'>, SQL> = {
    signed_at: sql`${signatures.signedAt}`,
    signer_name: sortableText(personName),
    signer_email: sortableText(personEmail),
    title: sortableText(sql`${signatureRequests.title}`),
    // By level, simple to qualified, not by name.
    quality: sql`case ${signatures.quality} when 'ses' then 1 when 'aes' then 2 when 'qes' then 3 end`,
    seal_name: sortableText(sql`${seals.displayName}`),
  }
  const order = query.direction === 'asc' ? asc : desc
  const { from, until } = instantsOf(query.range)
  const [rows, [total]] = await Promise.all([
    signaturesIn(db, businessId, query.range)
      .orderBy(sql`${order(sortBy[query.column])} nulls last`, desc(signatures.signedAt), asc(signatures.id))
      .limit(query.size)
      .offset(query.page * query.size),
    db
      .select({ n: count() })
      .from(signatures)
      .where(
        and(
          isPersonOf(db, businessId, signatures.signerId),
          isNotNull(signatures.signedAt),
          gte(signatures.signedAt, from),
          lt(signatures.signedAt, until),
        ),
      ),
  ])
  return {
    items: rows.map(toSignatureActivity),
    page: query.page,
    size: query.size,
    total: total?.n ?? 0,
    sort: query.sort,
    ...query.range,
  }
}
