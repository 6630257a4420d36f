import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import type { Database } from '../../../server/db/open-database.ts'

/**
 * What a private key in the clear looks like whoever wrote it: a PEM block, or the start of a PKCS #8
 * PrivateKeyInfo in DER (version 0, then the algorithm: EC or RSA), raw, in hex or in base64 at any alignment.
 */
const pkcs8Starts = [
  Buffer.from('020100301306072a8648ce3d0201', 'hex'),
  Buffer.from('020100300d06092a864886f70d010101', 'hex'),
]

/** The forms a byte string takes when stored as text: itself, hex, and base64 (standard, url) at each offset. */
function encodings(bytes: Buffer): Buffer[] {
  const forms = [bytes, Buffer.from(bytes.toString('hex'))]
  for (const offset of [0, 1, 2]) {
    const padded = Buffer.concat([Buffer.alloc(offset), bytes])
    for (const alphabet of ['base64', 'base64url'] as const) {
      // Leave out the characters that depend on the bytes around: from the first whole group to the last.
      const text = padded.toString(alphabet).replace(/=+$/, '')
      const start = Math.ceil((offset * 4) / 3)
      forms.push(Buffer.from(text.slice(start, text.length - 2)))
    }
  }
  return forms
}

/** The 32-byte private scalar of an EC PKCS #8 key (after `02 01 01 04 20` in its ECPrivateKey). */
function ecScalar(pkcs8: Uint8Array): Buffer | undefined {
  const bytes = Buffer.from(pkcs8)
  const at = bytes.indexOf(Buffer.from('020101' + '0420', 'hex'))
  return at < 0 ? undefined : bytes.subarray(at + 5, at + 5 + 32)
}

/**
 * Where in `haystack` a private key shows in the clear: a PEM "PRIVATE KEY" block, a PKCS #8 start, or any of
 * the `known` keys (PKCS #8 DER) or their private scalar, in any of the text forms above. Empty: none.
 */
export function clearKeysIn(haystack: Buffer, known: Uint8Array[]): string[] {
  const found: string[] = []
  if (haystack.includes('PRIVATE KEY')) found.push('a PEM private key')
  for (const start of pkcs8Starts)
    if (encodings(start).some((form) => haystack.includes(form))) found.push('a PKCS #8 private key')
  for (const [index, pkcs8] of known.entries()) {
    const scalar = ecScalar(pkcs8)
    for (const secret of [Buffer.from(pkcs8), ...(scalar === undefined ? [] : [scalar])])
      if (encodings(secret).some((form) => haystack.includes(form))) found.push(`known key #${index}`)
  }
  return found
}

/** Every file under `root` that shows a private key in the clear, with what it shows. */
export async function filesWithClearKeys(root: string, known: Uint8Array[]): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true })
  const found: string[] = []
  for (const entry of entries) {
    if (!entry.isFile()) continue
    const file = join(entry.parentPath, entry.name)
    const shows = clearKeysIn(await readFile(file), known)
    if (shows.length > 0) found.push(`${file}: ${shows.join(', ')}`)
  }
  return found
}

/** Every row of every table of `db` (as JSON) that shows a private key in the clear, and how many rows were read. */
export async function rowsWithClearKeys(
  db: Database,
  known: Uint8Array[],
): Promise<{ found: string[]; rows: number }> {
  const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: T[] }).rows
  const tables = await rowsOf<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  )
  const found: string[] = []
  let rows = 0
  for (const { name } of tables) {
    const texts = await rowsOf<{ row: string }>(
      sql`select row_to_json(t)::text as row from ${sql.identifier(name)} t`,
    )
    rows += texts.length
    for (const { row } of texts) {
      const shows = clearKeysIn(Buffer.from(row), known)
      if (shows.length > 0) found.push(`${name}: ${shows.join(', ')}`)
    }
  }
  return { found, rows }
}
