import { execFile } from 'node:child_process'
import { createSecretKey, randomBytes } from 'node:crypto'
import { readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { pkiDir } from '../../../server/backup/backup-archive.ts'
import { openDatabase } from '../../../server/db/open-database.ts'
import { users } from '../../../server/db/schema/accounts.ts'
import { seals } from '../../../server/db/schema/seals.ts'
import { KeySealingError, keyRing, openPrivateKey } from '../../../server/keys/key-ring.ts'
import { loadKeyRing } from '../../../server/keys/load-key-ring.ts'
import { resealPrivateKeys } from '../../../server/keys/reseal-private-keys.ts'
import { loadPlatformSigning } from '../../../server/signing/load-platform-signing.ts'
import { toPem } from '../../../server/signing/pem.ts'
import { type CertifiedKey, loadOrCreatePki, partKeyFiles, pkiParts } from '../../../server/signing/pki.ts'
import { insertBusiness } from '../businesses/business-rows.ts'
import { testAppConfig } from '../test-app-config.ts'
import { createTestDatabase, drivers, type TestDatabase } from '../test-database.ts'
import { filesWithClearKeys, rowsWithClearKeys } from './clear-keys.ts'
import { testKeys } from './test-key-ring.ts'

const now = () => new Date()
const base64Key = () => randomBytes(32).toString('base64')

/** Whether `key` signs for the public key of `certified`'s certificate. */
async function signsFor(certified: CertifiedKey): Promise<boolean> {
  const data = randomBytes(64)
  const signature = await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, certified.key, data)
  const publicKey = await certified.certificate.getPublicKey()
  return crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, publicKey, signature, data)
}

/** Every file of `dir` with its text, and every seal's stored key: what a failed rotation must leave alone. */
async function stored(dir: string, db: Parameters<typeof rowsWithClearKeys>[0]) {
  const files = Object.fromEntries(
    await Promise.all(
      (await readdir(dir)).sort().map(async (name) => [name, await readFile(join(dir, name), 'utf8')]),
    ),
  )
  return { files, seals: await db.select({ key: seals.sealedPrivateKey }).from(seals) }
}

describe.each(drivers)('private keys sealed anew on %s', (driver) => {
  const made: TestDatabase[] = []
  afterAll(async () => {
    for (const database of made) await database.drop()
  })

  it('seals the clear keys of an older release on start, rotates the key, and keeps the CA and seals', async () => {
    const testDatabase = await createTestDatabase(driver)
    made.push(testDatabase)
    const config = testAppConfig(testDatabase.dataDir, { database: testDatabase.database })
    const dir = pkiDir(config.dataDir)
    let handle = await openDatabase(config.database)
    await handle.migrate()

    // What a release before sealing left: the PKI's keys and a seal's key as clear PEM.
    const older = await loadOrCreatePki({ dir, keys: testKeys, production: false })
    for (const part of pkiParts) {
      const files = partKeyFiles(dir, part)
      const pkcs8 = openPrivateKey(testKeys, await readFile(files.sealed, 'utf8'))
      await writeFile(files.clear, toPem('PRIVATE KEY', pkcs8), { mode: 0o600 })
      await rm(files.sealed)
    }
    const seal = await older.issueSealCertificate({
      organization: 'Acme AG',
      commonName: 'Legal',
      quality: 'aes',
    })
    const [admin] = await handle.db.insert(users).values({ email: 'admin@acme.example' }).returning()
    const businessId = await insertBusiness(handle.db, 'Acme AG', admin?.id ?? '', now())
    await handle.db.insert(seals).values({
      businessId,
      accountName: 'acme-legal',
      displayName: 'Legal',
      quality: 'aes',
      certificatePem: seal.certificatePem,
      sealedPrivateKey: toPem('PRIVATE KEY', openPrivateKey(testKeys, seal.sealedKey)),
      createdAt: now(),
    })
    expect(await filesWithClearKeys(dir, [])).toHaveLength(pkiParts.length)
    expect((await rowsWithClearKeys(handle.db, [])).found).toEqual([
      'seals: a PEM private key, a PKCS #8 private key',
    ])

    // The upgraded server's start seals them all, under the same CA.
    const upgraded = await loadPlatformSigning(config, handle.db, now)
    expect(Buffer.from(upgraded.pki.root.der)).toEqual(Buffer.from(older.root.der))
    expect(Buffer.from(upgraded.pki.issuing.der)).toEqual(Buffer.from(older.issuing.der))
    expect((await readdir(dir)).filter((name) => name.includes('.key.')).sort()).toEqual(
      pkiParts.map((part) => `${part}.key.sealed`).sort(),
    )
    expect(await filesWithClearKeys(dir, [])).toEqual([])
    expect((await rowsWithClearKeys(handle.db, [])).found).toEqual([])
    const [row] = await handle.db.select().from(seals)
    expect(
      await signsFor(await upgraded.pki.openSealKey(row?.certificatePem ?? '', row?.sealedPrivateKey ?? '')),
    ).toBe(true)

    // The issuing CA renewed, its new key kept beside the first, sealed the same way.
    const issuingEnd = upgraded.pki.issuing.certificate.notAfter.value.getTime()
    await upgraded.pki.renewIssuingCa(new Date(issuingEnd - 800 * 24 * 60 * 60 * 1000))
    expect(await upgraded.pki.issuingCas()).toHaveLength(2)

    // A rotation whose previous key is not the one in use changes nothing.
    const fileKey = (await loadKeyRing(config)).current.key
    const next = createSecretKey(randomBytes(32))
    const before = await stored(dir, handle.db)
    await expect(
      resealPrivateKeys(keyRing(next, createSecretKey(randomBytes(32))), { pkiDir: dir, db: handle.db }),
    ).rejects.toThrow(KeySealingError)
    expect(await stored(dir, handle.db)).toEqual(before)

    // With it, everything is sealed with the new key, which alone opens it from then on.
    expect(await resealPrivateKeys(keyRing(next, fileKey), { pkiDir: dir, db: handle.db })).toEqual({
      files: pkiParts.length + 1,
      seals: 1,
      totpSecrets: 0,
    })
    await expect(loadOrCreatePki({ dir, keys: keyRing(fileKey), production: false })).rejects.toThrow(
      KeySealingError,
    )
    const rotated = await loadPlatformSigning({ ...config, keyEncryptionKey: next }, handle.db, now)
    expect(Buffer.from(rotated.pki.root.der)).toEqual(Buffer.from(older.root.der))
    const issuingCas = await rotated.pki.issuingCas()
    expect(issuingCas).toHaveLength(2)
    for (const issuing of issuingCas) expect(await signsFor(issuing)).toBe(true)
    const [rotatedRow] = await handle.db.select().from(seals)
    expect(rotatedRow?.sealedPrivateKey).not.toBe(row?.sealedPrivateKey)
    expect(
      await signsFor(
        await rotated.pki.openSealKey(rotatedRow?.certificatePem ?? '', rotatedRow?.sealedPrivateKey ?? ''),
      ),
    ).toBe(true)
    await handle.close()

    // The operator's command, as the README shows it: from `next` to a key given in base64.
    const newest = base64Key()
    const environment = {
      DATA_DIR: config.dataDir,
      ...(config.database.driver === 'postgres' ? { DATABASE_URL: config.database.url } : {}),
      KEY_ENCRYPTION_KEY: newest,
      KEY_ENCRYPTION_KEY_PREVIOUS: next.export().toString('base64'),
    }
    const script = fileURLToPath(new URL('../../../scripts/keys.ts', import.meta.url))
    const run = (env: Record<string, string>) =>
      promisify(execFile)(process.execPath, [script, 'rotate'], {
        env: { PATH: process.env.PATH ?? '', ...env },
      })
    const rotation = await run(environment)
    expect(rotation.stdout).toMatch(
      /^Sealed 6 key file\(s\) in .+ and 1 seal key\(s\) with key [0-9a-f]{16}\./,
    )
    await expect(run({ ...environment, KEY_ENCRYPTION_KEY_PREVIOUS: base64Key() })).resolves.toMatchObject({
      stdout: expect.stringMatching(/^Sealed 0 key file\(s\) in .+ and 0 seal key\(s\)/),
    })
    await expect(run({ ...environment, KEY_ENCRYPTION_KEY: base64Key() })).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(
        /^Nothing changed: A private key is sealed with key-encryption key [0-9a-f]{16}/,
      ),
    })
    handle = await openDatabase(config.database)
    try {
      const final = await loadPlatformSigning(
        { ...config, keyEncryptionKey: createSecretKey(Buffer.from(newest, 'base64')) },
        handle.db,
        now,
      )
      expect(Buffer.from(final.pki.root.der)).toEqual(Buffer.from(older.root.der))
    } finally {
      await handle.close()
    }
  }, 60_000)
})
