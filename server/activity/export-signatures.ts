import type { Readable } from 'node:stream'
import { and, asc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm'
import type { Logger } from 'pino'
import {
  type ActivityPersonKind,
  type ActivityRange,
  activityExportFileName,
  type SignatureExportGrouping,
} from '../../contract/activity.ts'
import type { Database } from '../db/open-database.ts'
import { users } from '../db/schema/accounts.ts'
import { apiUsers, businessMembers } from '../db/schema/businesses.ts'
import { signatureUsages } from '../db/schema/signature-requests.ts'
import {
  apiUserOn,
  isPersonOf,
  memberOn,
  personEmail,
  personKind,
  personName,
  sortableText,
  usedFor,
} from './activity-people.ts'
import { type CsvColumn, csvStream } from './csv-stream.ts'
import { signaturesIn, toSignatureActivity } from './list-signature-activity.ts'

/** Rows read from the database at a time: the export holds no more than this. */
const batchSize = 500

const kindNames: Record<ActivityPersonKind, string> = {
  admin: 'Admin',
  member: 'Member',
  api: 'API user',
  former: 'Former member',
}

type UsageRow = {
  signedAt: string
  signer: string
  email: string
  kind: string
  title: string
  requestId: string
  signatureId: string
  quality: string
  seal: string
}

const usageColumns: CsvColumn<UsageRow>[] = [
  { key: 'signedAt', header: 'Signed at (UTC)' },
  { key: 'signer', header: 'Signer' },
  { key: 'email', header: 'E-mail' },
  { key: 'kind', header: 'Account type' },
  { key: 'title', header: 'Request' },
  { key: 'requestId', header: 'Request ID' },
  { key: 'signatureId', header: 'Signature ID' },
  { key: 'quality', header: 'Quality' },
  { key: 'seal', header: 'Seal' },
]

type CostCentreRow = {
  name: string
  email: string
  kind: string
  ses: number
  aes: number
  qes: number
  sealed: number
  total: number
}

const costCentreColumns: CsvColumn<CostCentreRow>[] = [
  { key: 'name', header: 'Name' },
  { key: 'email', header: 'E-mail' },
  { key: 'kind', header: 'Account type' },
  { key: 'ses', header: 'Simple (SES)' },
  { key: 'aes', header: 'Advanced (AES)' },
  { key: 'qes', header: 'Qualified (QES)' },
  { key: 'sealed', header: 'With a seal' },
  { key: 'total', header: 'Total' },
]

/** Every signature of the range, oldest first, read in batches after the last one read (signing time, id). */
async function* usageRows(db: Database, businessId: string, range: ActivityRange): AsyncGenerator<UsageRow> {
  let last: { cursor: string; id: string } | undefined
  for (;;) {
    const after =
      last === undefined
        ? undefined
        : sql`(${signatureUsages.signedAt}, ${signatureUsages.signatureId}) > (${last.cursor}::timestamptz, ${last.id}::uuid)`
    const rows = await signaturesIn(db, businessId, range, after)
      .orderBy(asc(signatureUsages.signedAt), asc(signatureUsages.signatureId))
      .limit(batchSize)
    for (const row of rows) {
      const signature = toSignatureActivity(row)
      yield {
        signedAt: signature.signedAt,
        signer: signature.signerName ?? '',
        email: signature.signerEmail ?? '',
        kind: kindNames[signature.signerKind],
        title: signature.title ?? '',
        requestId: signature.requestId,
        signatureId: signature.id,
        quality: signature.quality.toUpperCase(),
        seal: signature.sealName ?? '',
      }
    }
    const end = rows.at(-1)
    if (end === undefined || rows.length < batchSize) return
    last = { cursor: end.cursor, id: end.id }
  }
}

/** The signatures of a group of records of use, by quality, with a seal and in all. */
const givenCounts = {
  ses: sql<number>`count(*) filter (where ${signatureUsages.quality} = 'ses')::int`.as('ses'),
  aes: sql<number>`count(*) filter (where ${signatureUsages.quality} = 'aes')::int`.as('aes'),
  qes: sql<number>`count(*) filter (where ${signatureUsages.quality} = 'qes')::int`.as('qes'),
  sealed: sql<number>`count(${signatureUsages.sealId})::int`.as('sealed'),
  total: sql<number>`count(*)::int`.as('total'),
}

/**
 * Every person of the business and every former member who signed for it in the range, with the signatures
 * they gave for it by quality, by name; then one row for those given by accounts deleted since, if any.
 */
async function* costCentreRows(
  db: Database,
  businessId: string,
  range: ActivityRange,
): AsyncGenerator<CostCentreRow> {
  const inRange = usedFor(businessId, range)
  const given = db
    .select({ userId: signatureUsages.signerId, ...givenCounts })
    .from(signatureUsages)
    .where(inRange)
    .groupBy(signatureUsages.signerId)
    .as('given')
  const signers = db
    .select({ id: signatureUsages.signerId })
    .from(signatureUsages)
    .where(and(inRange, isNotNull(signatureUsages.signerId)))
  const [rows, [deleted]] = await Promise.all([
    db
      .select({
        name: personName,
        email: personEmail,
        kind: personKind,
        ses: sql<number>`coalesce(${given.ses}, 0)`,
        aes: sql<number>`coalesce(${given.aes}, 0)`,
        qes: sql<number>`coalesce(${given.qes}, 0)`,
        sealed: sql<number>`coalesce(${given.sealed}, 0)`,
        total: sql<number>`coalesce(${given.total}, 0)`,
      })
      .from(users)
      .leftJoin(businessMembers, memberOn(businessId))
      .leftJoin(apiUsers, apiUserOn(businessId))
      .leftJoin(given, eq(given.userId, users.id))
      .where(or(isPersonOf(db, businessId, users.id), inArray(users.id, signers)))
      .orderBy(
        sql`${sortableText(personName)} nulls last`,
        sql`${sortableText(personEmail)} nulls last`,
        users.id,
      ),
    db
      .select(givenCounts)
      .from(signatureUsages)
      .where(and(inRange, isNull(signatureUsages.signerId))),
  ])
  // One row per person: a business has as many as its seats and former members, which one answer holds.
  const deletedAccounts =
    deleted !== undefined && deleted.total > 0
      ? [{ ...deleted, name: null, email: null, kind: 'former' as const }]
      : []
  for (const row of [...rows, ...deletedAccounts]) {
    yield {
      ...row,
      name: row.name ?? '',
      email: row.email ?? '',
      kind: kindNames[row.kind],
      ses: Number(row.ses),
      aes: Number(row.aes),
      qes: Number(row.qes),
      sealed: Number(row.sealed),
      total: Number(row.total),
    }
  }
}

/**
 * GET .../activities/signatures/export: without `group_by`, one row per signature of the range
 * (`signature_usage_<start>_<end>.csv`); with `group_by=member`, one row per person of the business with
 * their signatures by quality, the cost centre report (`cost_centre_report_<start>_<end>.csv`).
 */
export function exportSignatures(
  services: { db: Database; logger: Logger },
  businessId: string,
  range: ActivityRange,
  groupBy: SignatureExportGrouping | undefined,
): { filename: string; body: Readable } {
  const { db, logger } = services
  return {
    filename: activityExportFileName('signatures', range, groupBy),
    body:
      groupBy === 'member'
        ? csvStream(costCentreColumns, costCentreRows(db, businessId, range), logger)
        : csvStream(usageColumns, usageRows(db, businessId, range), logger),
  }
}
