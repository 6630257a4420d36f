import { readFile, rename, rm, writeFile } from 'node:fs/promises'
import { and, eq, sql } from 'drizzle-orm'
import type { Database } from '../db/open-database.ts'
import { totpFactors } from '../db/schema/accounts.ts'
import { seals } from '../db/schema/seals.ts'
import { fromPem } from '../signing/pem.ts'
import { partKeyFiles, pkiParts, renewedKeyFiles } from '../signing/pki.ts'
import { type KeyRing, openPrivateKey, sealedWithCurrentKey, sealPrivateKey } from './key-ring.ts'

/** How many private keys were sealed anew, in `DATA_DIR/pki` and in the seals' rows, and second-factor secrets. */
export type Resealed = { files: number; seals: number; totpSecrets: number }

/**
 * Seals every private key kept in `pkiDir` and in the seals' rows with the ring's current key: the clear PEM
 * an older release wrote (the upgrade of an existing install), and the keys sealed with the previous key (a
 * rotation). Every key is opened before anything is written, so a key the ring cannot open changes nothing;
 * the rows change in one transaction, then each file by a rename. Cut short in between, every key still
 * opens with the same ring, and running it again finishes.
 */
export async function resealPrivateKeys(
  keys: KeyRing,
  at: { pkiDir: string; db: Database },
): Promise<Resealed> {
  const files: { sealed: string; clear: string | undefined; text: string }[] = []
  // The later keys of the issuing CA and the timestamp authority were never kept in the clear.
  const kept: { sealed: string; clear?: string }[] = [
    ...pkiParts.map((part) => partKeyFiles(at.pkiDir, part)),
    ...(await renewedKeyFiles(at.pkiDir)).map((sealed) => ({ sealed })),
  ]
  for (const { sealed, clear } of kept) {
    const stored = await readIfThere(sealed)
    const pem = clear === undefined ? undefined : await readIfThere(clear)
    if (stored !== undefined && sealedWithCurrentKey(keys, stored)) {
      // A clear file left beside its sealed one by a start cut short.
      if (pem !== undefined && clear !== undefined) await rm(clear)
    } else if (stored !== undefined || pem !== undefined) {
      const pkcs8 = stored === undefined ? clearKey(pem ?? '', clear ?? sealed) : openPrivateKey(keys, stored)
      files.push({ sealed, clear, text: `${sealPrivateKey(keys, pkcs8)}\n` })
    }
  }
  const rows = await at.db.select({ id: seals.id, stored: seals.sealedPrivateKey }).from(seals)
  const resealed = rows.flatMap(({ id, stored }) => {
    // A seal the QTSP holds has no key here.
    if (stored === null) return []
    const clear = stored.startsWith('-----BEGIN')
    if (!clear && sealedWithCurrentKey(keys, stored)) return []
    const pkcs8 = clear ? clearKey(stored, `seal ${id}`) : openPrivateKey(keys, stored)
    return [{ id, stored, clear, text: sealPrivateKey(keys, pkcs8) }]
  })
  const totpRows = await at.db
    .select({ userId: totpFactors.userId, stored: totpFactors.sealedSecret })
    .from(totpFactors)
  const totpSecrets = totpRows
    .filter(({ stored }) => !sealedWithCurrentKey(keys, stored))
    .map(({ userId, stored }) => ({
      userId,
      stored,
      text: sealPrivateKey(keys, openPrivateKey(keys, stored)),
    }))
  if (resealed.length > 0 || totpSecrets.length > 0) {
    await at.db.transaction(async (tx) => {
      for (const { id, stored, text } of resealed)
        await tx
          .update(seals)
          .set({ sealedPrivateKey: text })
          .where(and(eq(seals.id, id), eq(seals.sealedPrivateKey, stored)))
      for (const { userId, stored, text } of totpSecrets)
        await tx
          .update(totpFactors)
          .set({ sealedSecret: text })
          .where(and(eq(totpFactors.userId, userId), eq(totpFactors.sealedSecret, stored)))
    })
    // The clear values' old row versions go too, not only the rows that show.
    if (resealed.some((row) => row.clear)) await at.db.execute(sql`vacuum full seals`)
  }
  for (const { sealed, clear, text } of files) {
    const written = `${sealed}.${process.pid}.partial`
    await writeFile(written, text, { mode: 0o600 })
    await rename(written, sealed)
    if (clear !== undefined) await rm(clear, { force: true })
  }
  return { files: files.length, seals: resealed.length, totpSecrets: totpSecrets.length }
}

function readIfThere(file: string): Promise<string | undefined> {
  return readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined
    throw error
  })
}

function clearKey(pem: string, where: string): Uint8Array {
  const pkcs8 = fromPem('PRIVATE KEY', pem)[0]
  if (pkcs8 === undefined) throw new Error(`pki.corrupt: ${where} holds no private key`)
  return pkcs8
}
