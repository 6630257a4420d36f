import { inflateRawSync } from 'node:zlib'
import { parse } from 'csv-parse/sync'
import { readSheet as readXlsxSheet } from 'read-excel-file/node'
import { bulkSendLimits } from '../../contract/bulk-sends.ts'

/** The kinds of file a bulk send takes. */
export type SheetFormat = 'csv' | 'xlsx'

/** Why a file's rows could not be read. */
type SheetRefusal = 'unreadable_file' | 'too_many_rows' | 'file_too_large'

/** A file's first sheet as text cells, the header first, or why it could not be read. */
export type SheetResult = { rows: string[][] } | { refused: SheetRefusal; message: string }

class SheetError extends Error {
  readonly refused: SheetRefusal

  constructor(refused: SheetRefusal, message: string) {
    super(message)
    this.refused = refused
  }
}

/** The delimiter the header line uses most: a comma, or the semicolon or tab of spreadsheets set to other locales. */
function delimiterOf(text: string): string {
  const line = text.slice(0, text.search(/\r?\n|$/))
  const counts = [',', ';', '\t'].map((d) => [d, line.split(d).length] as const)
  return counts.reduce((best, each) => (each[1] > best[1] ? each : best))[0]
}

function readCsv(bytes: Uint8Array): string[][] {
  const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  const rows: string[][] = parse(text, {
    bom: true,
    delimiter: delimiterOf(text.replace(/^\uFEFF/, '')),
    relax_column_count: true,
    skip_empty_lines: true,
    max_record_size: bulkSendLimits.cellLength * bulkSendLimits.columns,
    // The header and one row past the limit, to know the limit was passed without reading on.
    to: bulkSendLimits.rows + 2,
  })
  return rows
}

/**
 * The bytes the entries of a zip decompress to, counted by decompressing each (its header may say less than it
 * holds); past `limit` a `file_too_large`. What the spreadsheet reader then unpacks is known to fit.
 */
function checkUnzippedSize(zip: Buffer, limit: number): void {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]))
  if (end < 0 || end + 22 > zip.length) throw new SheetError('unreadable_file', 'not a zip archive')
  const entries = zip.readUInt16LE(end + 10)
  let at = zip.readUInt32LE(end + 16)
  let total = 0
  for (let entry = 0; entry < entries; entry++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== 0x02014b50)
      throw new SheetError('unreadable_file', 'a broken zip directory')
    const method = zip.readUInt16LE(at + 10)
    const compressed = zip.readUInt32LE(at + 20)
    const local = zip.readUInt32LE(at + 42)
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32)
    if (local + 30 > zip.length || zip.readUInt32LE(local) !== 0x04034b50)
      throw new SheetError('unreadable_file', 'a broken zip entry')
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28)
    const data = zip.subarray(start, start + compressed)
    if (method === 0) total += data.length
    else if (method === 8) {
      try {
        total += inflateRawSync(data, { maxOutputLength: Math.max(1, limit - total + 1) }).length
      } catch (error) {
        if (error instanceof RangeError) total = limit + 1
        else throw new SheetError('unreadable_file', 'a damaged zip entry')
      }
    } else throw new SheetError('unreadable_file', `zip compression method ${method}`)
    if (total > limit)
      throw new SheetError('file_too_large', `it unpacks to more than ${limit / 1024 / 1024} MB`)
  }
}

function cellText(cell: unknown): string {
  if (cell === null || cell === undefined) return ''
  // A date cell is a date of the calendar: the sender's day, whatever the time zone.
  if (cell instanceof Date) return cell.toISOString().slice(0, 10)
  return String(cell)
}

async function readXlsx(bytes: Uint8Array): Promise<string[][]> {
  const zip = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  checkUnzippedSize(zip, bulkSendLimits.unzippedBytes)
  const data = await readXlsxSheet(zip).catch((error: Error) => {
    throw new SheetError('unreadable_file', error.message)
  })
  return data.map((row) => row.map(cellText))
}

/**
 * The rows of a bulk send's CSV (UTF-8, comma, semicolon or tab) or XLSX (its first sheet): run in a PDF worker,
 * which bounds its time and memory, since the file is the sender's. More than the limit's rows is
 * `too_many_rows`; an XLSX that unpacks past its bound `file_too_large`.
 */
export async function readSheet(bytes: Uint8Array, format: SheetFormat): Promise<SheetResult> {
  try {
    const rows = format === 'csv' ? readCsv(bytes) : await readXlsx(bytes)
    if (rows.length > bulkSendLimits.rows + 1)
      return { refused: 'too_many_rows', message: `more than ${bulkSendLimits.rows} rows` }
    return { rows }
  } catch (error) {
    if (error instanceof SheetError) return { refused: error.refused, message: error.message }
    return { refused: 'unreadable_file', message: error instanceof Error ? error.message : String(error) }
  }
}
