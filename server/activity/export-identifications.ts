import type { Readable } from 'node:stream'
import type { Logger } from 'pino'
import {
  type ActivityRange,
  activityExportFileName,
  type IdentificationActivity,
} from '../../contract/activity.ts'
import { type CsvColumn, csvStream } from './csv-stream.ts'

const columns: CsvColumn<IdentificationActivity>[] = [
  { key: 'identifiedAt', header: 'Identified at (UTC)' },
  { key: 'name', header: 'Name' },
  { key: 'email', header: 'E-mail' },
  { key: 'method', header: 'Method' },
]

/** No identification has been made yet: issue 16 brings them and their table, which this export then reads. */
async function* noIdentifications(): AsyncGenerator<IdentificationActivity> {}

/**
 * GET .../activities/identifications/export: the identifications of the range as CSV
 * (`identifications_<start>_<end>.csv`); its columns only, until identifications exist (issue 16).
 */
export function exportIdentifications(
  logger: Logger,
  range: ActivityRange,
): { filename: string; body: Readable } {
  return {
    filename: activityExportFileName('identifications', range),
    body: csvStream(columns, noIdentifications(), logger),
  }
}
