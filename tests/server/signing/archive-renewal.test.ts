import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { pino } from 'pino'
import * as pkijs from 'pkijs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pkiDir } from '../../../server/backup/backup-archive.ts'
import { type DatabaseHandle, openDatabase } from '../../../server/db/open-database.ts'
import { users } from '../../../server/db/schema/accounts.ts'
import { signatureRequestDocuments } from '../../../server/db/schema/signature-requests.ts'
import {
  archiveRenewalHandler,
  archiveRenewalJob,
  enqueueArchiveRenewal,
} from '../../../server/jobs/archive-renewal.ts'
import { createJobQueue, type JobQueue } from '../../../server/jobs/job-queue.ts'
import { etsiValidationReport } from '../../../server/signing/etsi-validation-report.ts'
import { archiveRenewalMs, loadPlatformSigning } from '../../../server/signing/load-platform-signing.ts'
import { ocspResponseFor } from '../../../server/signing/ocsp.ts'
import { serialHex } from '../../../server/signing/pki.ts'
import { signRequests } from '../../../server/signing/sign-requests.ts'
import { documentTimestampFilter, validatePdf } from '../../../server/signing/validate-pdf.ts'
import { documentKey } from '../../../server/storage/storage-keys.ts'
import { createTestClock } from '../accounts/accounts-client.ts'
import { createTestDatabase, drivers, type TestDatabase } from '../test-database.ts'
import { readEtsiReport } from './etsi-report.ts'
import {
  documentTimestamp,
  pdfsig,
  removeTemporaryDirectories,
  temporaryDirectory,
  trustStore,
} from './pdf-tools.ts'
import { seedOpenRequest, startSigningServices, type TestSigning } from './signing-services.ts'

afterAll(removeTemporaryDirectories)

const day = 24 * 60 * 60 * 1000

// Issue 36 §2: a completed document's archive timestamp is renewed before its authority's certificate expires.
describe.each(drivers)('renewal of archive timestamps on %s', (driver) => {
  // Certificates are issued at the system's time, where the server's clock starts.
  const clock = createTestClock(new Date())
  const renewalMs = archiveRenewalMs({})
  let testDatabase: TestDatabase
  let handle: DatabaseHandle
  let signing: TestSigning
  let jobs: JobQueue
  let dir: string
  let nssDir: string
  // The PDF worker's next renewal fails as if it had died half-way.
  let workerDies = false

  beforeAll(async () => {
    testDatabase = await createTestDatabase(driver, { migrated: true })
    handle = await openDatabase(testDatabase.database)
    await handle.migrate()
    signing = await startSigningServices(handle.db, testDatabase.dataDir, {
      now: clock.now,
      mail: { post: async () => {} },
    })
    const logger = pino({ level: 'silent' })
    const { platform, renderer } = signing
    if (platform === undefined || renderer === undefined) throw new Error('no platform')
    const handlers: Parameters<typeof createJobQueue>[0]['handlers'] = {}
    jobs = createJobQueue({ db: handle.db, logger, now: clock.now, handlers })
    handlers[archiveRenewalJob] = {
      lane: 'upkeep',
      run: archiveRenewalHandler({
        db: handle.db,
        storage: signing.storage,
        renderer: {
          ...renderer,
          renewArchive: (...args) => {
            if (!workerDies) return renderer.renewArchive(...args)
            workerDies = false
            return Promise.reject(new Error('The PDF stopped its reader'))
          },
        },
        platform,
        queue: jobs,
        now: clock.now,
        logger,
        renewalMs,
      }),
    }
    dir = temporaryDirectory(`archive-renewal-${driver}`)
    nssDir = trustStore(dir, (await signing.platform?.pki.caPem()) ?? '')
  })

  afterAll(async () => {
    await signing?.close()
    await jobs?.stop()
    await handle?.close()
    await testDatabase?.drop()
  })

  /** Enqueues the day's renewal, as the server's schedule does, and runs the jobs due. */
  async function runRenewals() {
    await enqueueArchiveRenewal(jobs, handle.db, clock.now())
    while ((await jobs.runDue()) > 0) {}
  }

  /** A request Ada signs alone: completed, its document B-LTA. Answers the request's id. */
  async function completedRequest(title: string) {
    const [ada] = await handle.db
      .insert(users)
      .values({ email: `${title}@example.com`, firstName: 'Ada', lastName: 'Lovelace', emailVerified: true })
      .returning()
    if (ada === undefined) throw new Error('no user')
    const { request } = await seedOpenRequest(signing, ada.id, title, [
      { signerId: ada.id, accountEmail: ada.email },
    ])
    const answer = await signRequests(
      signing,
      { kind: 'account', caller: { userId: ada.id, email: ada.email, ip: '127.0.0.1', groupIds: [] } },
      { signatureRequests: [{ signatureRequestId: request.id }], language: 'en' },
    )
    expect(answer.results[0]).toMatchObject({ result: 'complete', statusOverall: 'SIGNED' })
    return request.id
  }

  /** The request's signed document as stored now. */
  async function signedDocument(requestId: string) {
    const [row] = await handle.db
      .select({ sha256: signatureRequestDocuments.signedSha256 })
      .from(signatureRequestDocuments)
      .where(eq(signatureRequestDocuments.requestId, requestId))
    const bytes = await signing.storage.getBytes(documentKey(row?.sha256 ?? ''))
    if (bytes === undefined) throw new Error('no signed version')
    return bytes
  }

  /** The signatures `validatePdf` finds, and the ETSI report's verdict on the first, at the server's time. */
  async function judge(bytes: Uint8Array) {
    const report = await validatePdf(bytes, {
      trustedRoots: [signing.platform?.pki.root.der ?? new Uint8Array()],
    })
    if (report.status !== 'ok') throw new Error('unreadable')
    const etsi = await readEtsiReport(etsiValidationReport(report, clock.now()))
    expect(etsi.schemaErrors).toEqual([])
    return { signatures: report.signatures, verdict: etsi.entries[0]?.mainIndication }
  }

  it('adds a new archive timestamp from a new authority key before the first one expires', async () => {
    const pki = signing.platform?.pki
    if (pki === undefined) throw new Error('no PKI')
    const requestId = await completedRequest('lease')
    const completed = await signedDocument(requestId)
    const otherId = await completedRequest('loan')
    const other = await signedDocument(otherId)
    const firstTsa = pki.tsa
    const firstExpiry = firstTsa.certificate.notAfter.value

    // Years before the horizon, nothing is due: the document stays as it is.
    await runRenewals()
    expect(Buffer.from(await signedDocument(requestId)).equals(Buffer.from(completed))).toBe(true)

    // Within the horizon of the authority certificate's expiry, the authority has a new key, and each document
    // a second document timestamp, by it, over the first one's validation data. The worker dies on the first
    // document: the other is renewed, and the first when the queue tries the job again.
    clock.advance(firstExpiry.getTime() - clock.now().getTime() - renewalMs + day)
    workerDies = true
    await runRenewals()
    const unchanged = [
      Buffer.from(await signedDocument(requestId)).equals(Buffer.from(completed)),
      Buffer.from(await signedDocument(otherId)).equals(Buffer.from(other)),
    ]
    expect(unchanged.filter(Boolean)).toHaveLength(1)
    clock.advance(60 * 1000)
    while ((await jobs.runDue()) > 0) {}
    expect(Buffer.from(await signedDocument(otherId)).equals(Buffer.from(other))).toBe(false)
    expect(serialHex(pki.tsa.certificate)).not.toBe(serialHex(firstTsa.certificate))
    const renewed = await signedDocument(requestId)
    expect(Buffer.from(renewed.subarray(0, completed.length)).equals(Buffer.from(completed))).toBe(true)
    const { signatures, verdict } = await judge(renewed)
    expect(signatures.map((s) => [s.subFilter, s.intact, s.trusted, s.level])).toEqual([
      ['ETSI.CAdES.detached', true, true, 'B-LTA'],
      [documentTimestampFilter, true, true, null],
      [documentTimestampFilter, true, true, null],
    ])
    const timestampSerials = signatures
      .filter((s) => s.subFilter === documentTimestampFilter)
      .map((s) => s.signer?.serialNumber)
    expect(timestampSerials).toEqual([serialHex(firstTsa.certificate), serialHex(pki.tsa.certificate)])
    expect(verdict).toBe('urn:etsi:019102:mainindication:total-passed')
    // The signature is still valid to poppler, which does not check document timestamps.
    const [signature, ...timestamps] = await pdfsig(dir, renewed, nssDir)
    expect(signature?.signature).toBe('Signature is Valid.')
    expect(timestamps).toEqual([documentTimestamp, documentTimestamp])

    // Renewed once: the next day's run leaves it.
    clock.advance(day)
    await runRenewals()
    expect(Buffer.from(await signedDocument(requestId)).equals(Buffer.from(renewed))).toBe(true)

    // Past the first authority certificate's expiry, the document still validates: the second timestamp
    // proves the first one's time, and the first one the signature's.
    clock.advance(firstExpiry.getTime() - clock.now().getTime() + day)
    await runRenewals()
    expect(Buffer.from(await signedDocument(requestId)).equals(Buffer.from(renewed))).toBe(true)
    expect((await judge(renewed)).verdict).toBe('urn:etsi:019102:mainindication:total-passed')
  }, 60_000)

  it('keeps every key of the issuing CA, the timestamp authority and simple signatures sealed, and the next start uses the newest', async () => {
    const names = await readdir(pkiDir(testDatabase.dataDir))
    const renewedKeys = names.filter((name) => /^tsa-[0-9a-f]+\.key\.sealed$/.test(name))
    expect(renewedKeys).toHaveLength(1)
    expect(names).toContain('tsa.key.sealed')
    // The same runs gave the issuing CA, which ends with the first authority, a new key under the root.
    const renewedIssuing = names.filter((name) => /^issuing-[0-9a-f]+\.key\.sealed$/.test(name))
    expect(renewedIssuing).toHaveLength(1)
    // And simple signatures, whose first certificate had ended, a new key from the new issuing CA.
    const renewedPlatform = names.filter((name) => /^platform-[0-9a-f]+\.key\.sealed$/.test(name))
    expect(renewedPlatform).toHaveLength(1)
    for (const name of [
      'tsa.key.sealed',
      ...renewedKeys,
      'issuing.key.sealed',
      ...renewedIssuing,
      'platform.key.sealed',
      ...renewedPlatform,
    ]) {
      expect(await readFile(join(pkiDir(testDatabase.dataDir), name), 'utf8')).toMatch(
        /^signet-sealed-key:v1:/,
      )
    }
    const restarted = await loadPlatformSigning(
      { dataDir: testDatabase.dataDir, appMode: 'development' },
      handle.db,
      clock.now,
    )
    const { platform } = signing
    if (platform === undefined) throw new Error('no platform')
    expect(serialHex(restarted.pki.tsa.certificate)).toBe(serialHex(platform.pki.tsa.certificate))
    const [first, renewed, ...more] = await restarted.pki.issuingCas()
    expect(more).toEqual([])
    expect(first?.der).toEqual(platform.pki.issuing.der)
    if (renewed === undefined) throw new Error('no renewed issuing CA')
    expect(renewedIssuing).toEqual([`issuing-${serialHex(renewed.certificate)}.key.sealed`])
    const platformKey = await restarted.pki.platformKey()
    expect(renewedPlatform).toEqual([`platform-${serialHex(platformKey.certificate)}.key.sealed`])
    expect((await restarted.pki.issuerOf(platformKey.certificate))?.ca).toBe(renewed.ca)
    // The root answers for it, as for the first.
    const services = { db: handle.db, now: clock.now, pki: restarted.pki }
    const answer = await ocspResponseFor(services, renewed.der)
    const bytes = pkijs.OCSPResponse.fromBER(answer ?? new Uint8Array()).responseBytes?.response
    const basic = pkijs.BasicOCSPResponse.fromBER(Uint8Array.from(bytes?.valueBlock.valueHexView ?? []))
    // Signed by the root itself, which sends no certificate along.
    basic.certs = [restarted.pki.root.certificate]
    expect(await basic.verify({ trustedCerts: [restarted.pki.root.certificate] })).toBe(true)
    expect(basic.tbsResponseData.responses[0]?.certStatus.idBlock.tagNumber).toBe(0)
  })
})
