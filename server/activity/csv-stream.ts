import { pipeline, Readable } from 'node:stream'
import { stringify } from 'csv-stringify'
import type { Logger } from 'pino'

/** One column of a CSV export: the row's key and its header, which stay as they are for the programs that read them. */
export type CsvColumn<T> = { key: keyof T & string; header: string }

/**
 * Writes `rows` as CSV as they come (RFC 4180: comma, double quotes where needed, CRLF), UTF-8 with a byte
 * order mark so that spreadsheets read it as UTF-8. A text cell that begins like a formula (`=`, `+`, `-`,
 * `@`, tab, carriage return) gets a leading apostrophe, so that a spreadsheet shows it and does not run it
 * (OWASP's advice on CSV injection): request titles and names are what the people of the business typed.
 * A failure halfway (the database gone) ends the stream in error, which cuts the download short.
 */
export function csvStream<T extends object>(
  columns: readonly CsvColumn<T>[],
  rows: AsyncIterable<T>,
  logger: Logger,
): Readable {
  const csv = stringify({
    bom: true,
    header: true,
    columns: columns.map(({ key, header }) => ({ key, header })),
    record_delimiter: 'windows',
    cast: { string: (value) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value) },
  })
  pipeline(Readable.from(rows), csv, (error) => {
    if (error) logger.error({ err: error }, 'CSV export failed')
  })
  return csv
}
