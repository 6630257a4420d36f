import type { Readable } from 'node:stream'
import { asc, sql } from 'drizzle-orm'
import type { Logger } from 'pino'
import {
  type ActivityRange,
  activityExportFileName,
  type IdentificationActivity,
} from '../../contract/activity.ts'
import type { Database } from '../db/open-database.ts'
import { identifications } from '../db/schema/identification.ts'
import { type CsvColumn, csvStream } from './csv-stream.ts'
import { identificationsIn, toIdentificationActivity } from './list-identification-activity.ts'

/** Rows read from the database at a time: the export holds no more than this. */
const batchSize = 500

const columns: CsvColumn<IdentificationActivity>[] = [
  { key: 'identifiedAt', header: 'Identified at (UTC)' },
  { key: 'name', header: 'Name' },
  { key: 'email', header: 'E-mail' },
  { key: 'method', header: 'Method' },
]

/** Every identification of the range, oldest first, read in batches after the last one read. */
async function* rows(
  db: Database,
  businessId: string,
  range: ActivityRange,
): AsyncGenerator<IdentificationActivity> {
  let last: { cursor: string; id: string } | undefined
  for (;;) {
    const after =
      last === undefined
        ? undefined
        : sql`(${identifications.completedAt}, ${identifications.id}) > (${last.cursor}::timestamptz, ${last.id}::uuid)`
    const batch = await identificationsIn(db, businessId, range, after)
      .orderBy(asc(identifications.completedAt), asc(identifications.id))
      .limit(batchSize)
    for (const row of batch) yield toIdentificationActivity(row)
    const end = batch.at(-1)
    if (end === undefined || batch.length < batchSize) return
    last = { cursor: end.cursor, id: end.id }
  }
}

/**
 * GET .../activities/identifications/export: the identifications of the range as CSV
 * (`identifications_<start>_<end>.csv`), oldest first.
 */
export function exportIdentifications(
  services: { db: Database; logger: Logger },
  businessId: string,
  range: ActivityRange,
): { filename: string; body: Readable } {
  return {
    filename: activityExportFileName('identifications', range),
    body: csvStream(columns, rows(services.db, businessId, range), services.logger),
  }
}
