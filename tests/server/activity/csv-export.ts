import { expect } from 'vitest'
import { parseCsv } from './parse-csv.ts'

const bom = [0xef, 0xbb, 0xbf]

/** The header of the cost centre report, as a spreadsheet shows it. */
export const costCentreHeader = [
  'Name',
  'E-mail',
  'Account type',
  'Simple (SES)',
  'Advanced (AES)',
  'Qualified (QES)',
  'With a seal',
  'Total',
]

/**
 * A CSV export as its downloader gets it: a 200 answer of UTF-8 text with a byte order mark, as an attachment;
 * its file name, raw text and records.
 */
export async function readCsvExport(response: Response) {
  expect(response.status, await response.clone().text()).toBe(200)
  expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
  const disposition = response.headers.get('content-disposition') ?? ''
  expect(disposition).toMatch(/^attachment; /)
  const filename = decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(disposition)?.[1] ?? '')
  const bytes = new Uint8Array(await response.arrayBuffer())
  expect([...bytes.slice(0, 3)]).toEqual(bom)
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes.slice(3))
  return { filename, text, records: parseCsv(text) }
}
