import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { copyFile, readdir } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiPaths, apiUrl } from '../../../contract/paths.ts'
import type { SignatureRequestView } from '../../../contract/signature-requests.ts'
import { storedFileKeys } from '../../../server/backup/stored-file-keys.ts'
import { openDatabase } from '../../../server/db/open-database.ts'
import { signatureRequests } from '../../../server/db/schema/signature-requests.ts'
import { keyFile } from '../../../server/keys/load-key-ring.ts'
import { startServer } from '../../../server/server.ts'
import { readJson } from '../accounts/accounts-client.ts'
import { requestEvents } from '../signature-requests/request-history.ts'
import {
  documentTimestamp,
  makePdf,
  pdfsig,
  removeTemporaryDirectories,
  temporaryDirectory,
  trustStore,
} from '../signing/pdf-tools.ts'
import { type SigningClient, startSigningClient } from '../signing/signing-client.ts'
import { testAppConfig } from '../test-app-config.ts'
import { createTestDatabase, drivers, type TestDatabase } from '../test-database.ts'

afterAll(removeTemporaryDirectories)

const valid = { signature: 'Signature is Valid.', certificate: 'Certificate is Trusted.' }
const ownerEmail = 'owner@example.com'
const signerEmail = 'signer@example.com'

/** Calls the API of the server at `url` as the app does. */
const clientOf = (url: string) => ({
  call: (method: string, path: string, options: { token?: string } = {}) =>
    fetch(`${url}${apiUrl(path)}`, {
      method,
      headers: options.token === undefined ? {} : { authorization: `Bearer ${options.token}` },
    }),
})

/** Runs `npm run <command> -- <args>` as an operator does, with `env` added to a clean environment. */
function npmRun(command: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  const script = fileURLToPath(new URL(`../../../scripts/${command}.ts`, import.meta.url))
  return promisify(execFile)(process.execPath, [script, ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
  })
}

/** Every file under `root` by its storage key, leaving out page images (drawn again when looked at). */
async function storedFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true })
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((key) => !key.startsWith('pages/') && !key.startsWith('.tmp/'))
    .sort()
}

describe.each(drivers)('backup and restore on %s', (driver) => {
  let api: SigningClient
  let owner: string
  let signer: string
  let dir: string
  let nssDir: string
  let target: TestDatabase | undefined

  beforeAll(async () => {
    api = await startSigningClient(driver)
    owner = await api.signUp(ownerEmail)
    signer = await api.signUp(signerEmail)
    dir = temporaryDirectory(`backup-${driver}`)
    nssDir = trustStore(dir, await (await fetch(`${api.server.url}/api${apiPaths.pkiCa()}`)).text())
  })

  afterAll(async () => {
    await api?.server.stop()
    await target?.drop()
  })

  it('restores every request, event and signed PDF of a backup taken under traffic', async () => {
    const before: { view: SignatureRequestView; events: unknown }[] = []
    for (const title of ['Lease', 'Loan']) {
      const request = await api.openRequest(owner, title, [ownerEmail, signerEmail], [await makePdf(2)])
      await api.signed(owner, [{ signature_request_id: request.id }])
      await api.signed(signer, [{ signature_request_id: request.id }])
      before.push({
        view: await api.getRequest(owner, request.id),
        events: await requestEvents(api, owner, request.id),
      })
    }

    // Uploads and signatures go on while the server writes the archive.
    let firstUploaded: () => void = () => undefined
    const trafficStarted = new Promise<void>((resolve) => {
      firstUploaded = resolve
    })
    const traffic = Promise.all(
      ['Offer', 'Order', 'Invoice', 'Receipt'].map(async (title) => {
        const request = await api.openRequest(
          owner,
          title,
          [ownerEmail],
          [await makePdf(1), await makePdf(1)],
        )
        firstUploaded()
        await api.signed(owner, [{ signature_request_id: request.id }])
      }),
    )
    await trafficStarted
    const archive = join(dir, 'backup.tar.gz')
    const backup = await npmRun('backup', [archive, '--server', api.server.url], {})
    expect(backup.stdout).toBe(`Backup written to ${archive}.\n`)
    await traffic

    target = await createTestDatabase(driver)
    const config = testAppConfig(target.dataDir, { database: target.database })
    const environment = {
      DATA_DIR: target.dataDir,
      ...(target.database.driver === 'postgres' ? { DATABASE_URL: target.database.url } : {}),
    }
    const restore = await npmRun('restore', [archive], environment)
    expect(restore.stdout).toMatch(/^Restored the backup of .+: the database, \d+ files and the PKI\.\n$/)
    expect(restore.stderr).toBe('')
    await expect(npmRun('restore', [archive], environment)).rejects.toMatchObject({
      code: 1,
      stderr: `DATA_DIR ${target.dataDir} is not empty: restore only fills an empty one\n`,
    })
    // The archive holds the keys sealed but not the key that opens them: the operator brings it back.
    expect(existsSync(keyFile(target.dataDir))).toBe(false)
    await copyFile(keyFile(api.server.dataDir), keyFile(target.dataDir))

    // No file without a row, and no row without its file.
    const database = await openDatabase(config.database)
    const [keys, requestIds] = await database
      .migrate()
      .then(() =>
        Promise.all([
          storedFileKeys(database.db),
          database.db.select({ id: signatureRequests.id }).from(signatureRequests),
        ]),
      )
      .finally(() => database.close())
    expect(await storedFiles(join(target.dataDir, 'files'))).toEqual(keys)
    expect(keys.length).toBeGreaterThan(0)

    const restored = await startServer(config, {
      logger: pino({ level: 'silent' }),
      renderWorkers: 1,
      now: api.clock.now,
    })
    try {
      const client = clientOf(restored.url)
      for (const { view, events } of before) {
        const again = await readJson(
          await client.call('GET', apiPaths.signatureRequest(view.id), { token: owner }),
        )
        expect(again).toEqual(JSON.parse(JSON.stringify(view)))
        expect(await requestEvents(client, owner, view.id)).toEqual(events)
      }
      // Page images are not in the archive: the restored server draws them again when one is looked at.
      const firstDocument = before[0]?.view.documents[0]?.id ?? ''
      // The first drawing after a restore takes its time on a busy machine: poll beyond the default second.
      await expect
        .poll(
          async () => {
            const page = await client.call('GET', apiPaths.documentPage(firstDocument, 0, 20), {
              token: owner,
            })
            return [page.status, page.headers.get('content-type')]
          },
          { timeout: 15_000 },
        )
        .toEqual([200, 'image/webp'])
      expect(requestIds.length).toBeGreaterThanOrEqual(before.length + 1)
      for (const { id } of requestIds) {
        const view = (await readJson(
          await client.call('GET', apiPaths.signatureRequest(id), { token: owner }),
        )) as unknown as SignatureRequestView
        expect((await requestEvents(client, owner, id)).length).toBeGreaterThan(0)
        for (const document of view.documents) {
          const uploaded = await client.call('GET', apiPaths.documentDownload(document.id), { token: owner })
          expect(uploaded.status).toBe(200)
          if (view.statusOverall !== 'SIGNED') continue
          const signed = await client.call('GET', apiPaths.documentDownload(document.id, true), {
            token: owner,
          })
          expect(signed.status).toBe(200)
          const verdicts = await pdfsig(dir, new Uint8Array(await signed.arrayBuffer()), nssDir)
          expect(verdicts).toEqual([...view.signatures.map(() => valid), documentTimestamp])
        }
      }
    } finally {
      await restored.close()
    }
  }, 120_000)
})
