import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm'
import type {
  ActivityPage,
  ActivityRange,
  ActivitySortColumn,
  SignatureActivity,
} from '../../contract/activity.ts'
import type { Database } from '../db/open-database.ts'
import { users } from '../db/schema/accounts.ts'
import { apiUsers, businessMembers } from '../db/schema/businesses.ts'
import { seals } from '../db/schema/seals.ts'
import { signatureRequests, signatureUsages } from '../db/schema/signature-requests.ts'
import {
  apiUserOn,
  memberOn,
  personEmail,
  personKind,
  personName,
  sortableText,
  usedFor,
} from './activity-people.ts'
import type { ActivityQuery } from './parse-activity-query.ts'

/** What a signature row reads, as the list and the export show it; the title while the request is kept. */
const columns = {
  id: signatureUsages.signatureId,
  requestId: signatureUsages.requestId,
  title: signatureRequests.title,
  signerKind: personKind,
  signerName: personName,
  signerEmail: personEmail,
  quality: signatureUsages.quality,
  signedAt: signatureUsages.signedAt,
  sealName: seals.displayName,
  /** The signing time exactly as stored (to the microsecond), where the export goes on after a batch. */
  cursor: sql<string>`${signatureUsages.signedAt}::text`,
}

/**
 * Signatures given for the business in `range`, from their records of use, with their signer while they have
 * an account, seal, and request while it is kept (retention deletes requests, never the record of use).
 */
export function signaturesIn(db: Database, businessId: string, range: ActivityRange, extra?: SQL) {
  return db
    .select(columns)
    .from(signatureUsages)
    .leftJoin(signatureRequests, eq(signatureRequests.id, signatureUsages.requestId))
    .leftJoin(users, eq(users.id, signatureUsages.signerId))
    .leftJoin(businessMembers, memberOn(businessId))
    .leftJoin(apiUsers, apiUserOn(businessId))
    .leftJoin(seals, eq(seals.id, signatureUsages.sealId))
    .where(and(usedFor(businessId, range), extra))
}

/** A row of {@link signaturesIn}. */
export type SignatureRow = Awaited<ReturnType<typeof signaturesIn>>[number]

/** A row of {@link signaturesIn} as the wire has it. */
export function toSignatureActivity(row: SignatureRow): SignatureActivity {
  const { signedAt, cursor: _, ...rest } = row
  return { ...rest, signedAt: signedAt.toISOString() }
}

/**
 * GET /v2/businesses/{id}/activities/signatures: one row per signature given for the business in the range: who, on which request, with which quality, when, and the seal if they gave it with one.
 */
export async function listSignatureActivity(
  db: Database,
  businessId: string,
  query: ActivityQuery<'signatures'>,
): Promise<ActivityPage<'signatures'>> {
  const sortBy: Record<ActivitySortColumn<'signatures'>, SQL> = {
    signed_at: sql`${signatureUsages.signedAt}`,
    signer_name: sortableText(personName),
    signer_email: sortableText(personEmail),
    title: sortableText(sql`${signatureRequests.title}`),
    // By level, simple to qualified, not by name.
    quality: sql`case ${signatureUsages.quality} when 'ses' then 1 when 'aes' then 2 when 'qes' then 3 end`,
    seal_name: sortableText(sql`${seals.displayName}`),
  }
  const order = query.direction === 'asc' ? asc : desc
  const [rows, [total]] = await Promise.all([
    signaturesIn(db, businessId, query.range)
      .orderBy(
        sql`${order(sortBy[query.column])} nulls last`,
        desc(signatureUsages.signedAt),
        asc(signatureUsages.signatureId),
      )
      .limit(query.size)
      .offset(query.page * query.size),
    db.select({ n: count() }).from(signatureUsages).where(usedFor(businessId, query.range)),
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
