import { existsSync, statSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { extract } from 'tar'
import { afterAll, describe, expect, it } from 'vitest'
import { apiPaths, apiUrl } from '../../../contract/paths.ts'
import { pkiDir } from '../../../server/backup/backup-archive.ts'
import { restoreBackup } from '../../../server/backup/restore-backup.ts'
import { openDatabase } from '../../../server/db/open-database.ts'
import { seals } from '../../../server/db/schema/seals.ts'
import { openPrivateKey } from '../../../server/keys/key-ring.ts'
import { keyFile, loadKeyRing } from '../../../server/keys/load-key-ring.ts'
import { toPem } from '../../../server/signing/pem.ts'
import { partKeyFiles, pkiParts } from '../../../server/signing/pki.ts'
import { openBusiness } from '../businesses/business-client.ts'
import { putSeal } from '../seals/seal-client.ts'
import { removeTemporaryDirectories, temporaryDirectory } from '../signing/pdf-tools.ts'
import { type SigningClient, startSigningClient } from '../signing/signing-client.ts'
import { testAppConfig } from '../test-app-config.ts'
import { createTestDatabase, drivers, type TestDatabase } from '../test-database.ts'
import { clearKeysIn, filesWithClearKeys, rowsWithClearKeys } from './clear-keys.ts'

afterAll(removeTemporaryDirectories)

describe.each(drivers)('private keys at rest on %s', (driver) => {
  let api: SigningClient | undefined
  let target: TestDatabase | undefined

  afterAll(async () => {
    await api?.server.stop()
    await target?.drop()
  })

  it('keeps the CA, OCSP, TSA and seal keys only sealed in DATA_DIR, the database and a backup', async () => {
    api = await startSigningClient(driver)
    const admin = await api.signUp('admin@acme.example')
    const businessId = await openBusiness(api, admin, 'Acme AG')
    await putSeal(api, admin, businessId, 'acme-legal', 'Acme Legal Department')
    const { dataDir } = api.server
    // Outside production without KEY_ENCRYPTION_KEY: a key file only its owner reads.
    expect(statSync(keyFile(dataDir)).mode & 0o777).toBe(0o600)
    const keys = await loadKeyRing({ dataDir, appMode: 'development' })
    const pkiKeys = await Promise.all(
      pkiParts.map(async (part) =>
        openPrivateKey(keys, await readFile(partKeyFiles(pkiDir(dataDir), part).sealed, 'utf8')),
      ),
    )

    const dir = temporaryDirectory(`keys-at-rest-${driver}`)
    const archive = join(dir, 'backup.tar.gz')
    const backup = await fetch(`${api.server.url}${apiUrl(apiPaths.backup())}`, { method: 'POST' })
    expect(backup.status).toBe(200)
    await writeFile(archive, Buffer.from(await backup.arrayBuffer()))
    target = await createTestDatabase(driver)
    const config = testAppConfig(target.dataDir, { database: target.database })
    await restoreBackup(config, archive)
    // The archive holds no key that opens its keys.
    expect(existsSync(keyFile(target.dataDir))).toBe(false)
    const known = [...pkiKeys]
    const restored = await openDatabase(config.database)
    try {
      const sealRows = await restored.db.select().from(seals)
      expect(sealRows.map((row) => row.accountName)).toEqual(['acme-legal'])
      known.push(
        ...sealRows.flatMap((row) =>
          row.sealedPrivateKey === null ? [] : [openPrivateKey(keys, row.sealedPrivateKey)],
        ),
      )
      // The search finds a key written in the clear, in any of its forms.
      for (const pkcs8 of known) {
        expect(clearKeysIn(Buffer.from(toPem('PRIVATE KEY', pkcs8)), known)).not.toEqual([])
        expect(clearKeysIn(Buffer.from(`x${Buffer.from(pkcs8).toString('base64')}`), [])).not.toEqual([])
      }

      const rows = await rowsWithClearKeys(restored.db, known)
      expect(rows.found).toEqual([])
      expect(rows.rows).toBeGreaterThan(10)
      const unpacked = join(dir, 'unpacked')
      await mkdir(unpacked)
      await extract({ file: archive, cwd: unpacked })
      expect(await filesWithClearKeys(unpacked, known)).toEqual([])
      expect(await filesWithClearKeys(dataDir, known)).toEqual([])
      if (api.server.database.driver === 'postgres') {
        const live = await openDatabase(api.server.database)
        const liveRows = await rowsWithClearKeys(live.db, known).finally(() => live.close())
        expect(liveRows.found).toEqual([])
      }
    } finally {
      await restored.close()
    }
    expect(await filesWithClearKeys(target.dataDir, known)).toEqual([])
  }, 60_000)
})
