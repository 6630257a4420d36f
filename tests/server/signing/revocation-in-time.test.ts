import { PDF } from '@libpdf/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../../server/db/open-database.ts'
import { archivePdf } from '../../../server/signing/archive-pdf.ts'
import { localSigner } from '../../../server/signing/cms.ts'
import { etsiValidationReport } from '../../../server/signing/etsi-validation-report.ts'
import {
  loadPlatformSigning,
  sharedRevocationReuseMs,
} from '../../../server/signing/load-platform-signing.ts'
import { serialHex } from '../../../server/signing/pki.ts'
import { revokeCertificate } from '../../../server/signing/revoke-certificate.ts'
import { signPdf } from '../../../server/signing/sign-pdf.ts'
import type { PlatformSigning } from '../../../server/signing/signing-services.ts'
import { validatePdf } from '../../../server/signing/validate-pdf.ts'
import { documentRevocationData, revocationOf } from '../../../server/signing/validate-revocation.ts'
import { parseCertificate } from '../../../server/signing/x509.ts'
import { createTestClock } from '../accounts/accounts-client.ts'
import { createTestDatabase, type TestDatabase } from '../test-database.ts'
import { readEtsiReport } from './etsi-report.ts'
import { makePdf } from './pdf-tools.ts'

const minute = 60 * 1000
const day = 24 * 60 * minute

// Revocation is judged from what a completed document carries (its DSS), at the time its timestamp proves.
describe('validation at the time a signature was made', () => {
  // The server's clock dates certificates' revocations and the timestamps alike; it starts at the system's
  // time, at which the certificates are issued.
  const clock = createTestClock(new Date())
  let testDatabase: TestDatabase
  let handle: Awaited<ReturnType<typeof openDatabase>>
  let platform: PlatformSigning

  beforeAll(async () => {
    testDatabase = await createTestDatabase('pglite', { migrated: true })
    handle = await openDatabase(testDatabase.database)
    await handle.migrate()
    platform = await loadPlatformSigning(
      { dataDir: testDatabase.dataDir, appMode: 'development' },
      handle.db,
      clock.now,
    )
  })
  afterAll(async () => {
    await handle?.close()
    await testDatabase?.drop()
  })

  /**
   * A one-page PDF signed by Ada with a copy of a certificate of her own, made B-LTA; `beforeCopy`,
   * `beforeSigning` and `beforeArchive` run before the copy is minted, before it signs and before the
   * document gets its validation data and archive timestamp, with the serial of the copy (of her
   * certificate for `beforeCopy`).
   */
  async function completedDocument({
    beforeCopy = async () => {},
    beforeSigning = async () => {},
    beforeArchive = async () => {},
  }: {
    beforeCopy?: (serial: string) => Promise<void>
    beforeSigning?: (serial: string) => Promise<void>
    beforeArchive?: (serial: string) => Promise<void>
  }) {
    const issued = await platform.pki.issueSignerCertificate({
      name: 'Ada',
      email: 'ada@example.com',
      quality: 'aes',
    })
    await beforeCopy(serialHex(issued.certificate))
    const copy = await platform.pki.signatureCertificate(issued, handle.db)
    const serial = serialHex(parseCertificate(copy.der))
    await beforeSigning(serial)
    const signed = await signPdf(await makePdf(1), {
      signer: {
        name: 'Ada',
        email: 'ada@example.com',
        ...localSigner(copy.der, copy.key, copy.chain),
      },
      tsa: platform.tsa,
      name: 'Ada',
      reason: '',
    })
    await beforeArchive(serial)
    return archivePdf(signed, { tsa: platform.tsa, revocation: platform.revocation(handle.db) })
  }

  async function judge(bytes: Uint8Array) {
    const report = await validatePdf(bytes, { trustedRoots: [platform.pki.root.der] })
    if (report.status !== 'ok') throw new Error('unreadable')
    const [signature] = report.signatures
    return signature
  }

  // The first signature's verdict in the ETSI TS 119 102-2 report, which the official schema accepts.
  async function etsiVerdict(bytes: Uint8Array) {
    const report = await validatePdf(bytes, { trustedRoots: [platform.pki.root.der] })
    if (report.status !== 'ok') throw new Error('unreadable')
    const etsi = await readEtsiReport(etsiValidationReport(report, clock.now()))
    expect(etsi.schemaErrors).toEqual([])
    return etsi.entries[0]
  }

  it('finds a certificate in good standing from the document alone: B-LTA, valid', async () => {
    const signature = await judge(await completedDocument({}))
    expect(signature).toMatchObject({
      intact: true,
      trusted: true,
      level: 'B-LTA',
      revocation: { status: 'good', source: 'document' },
      revokedBeforeSigning: false,
    })
  })

  it('finds a signature made with a certificate revoked the minute before not valid', async () => {
    const revokedAt = clock.now()
    const document = await completedDocument({
      beforeSigning: async (serial) => {
        expect(await revokeCertificate(handle.db, serial, 'keyCompromise', revokedAt)).toBe(1)
        clock.advance(minute)
      },
    })
    const signature = await judge(document)
    expect(signature?.revocation).toMatchObject({ status: 'revoked', source: 'document' })
    expect(signature?.revocation?.revokedAt?.getTime()).toBe(revokedAt.getTime())
    expect(signature?.revokedBeforeSigning).toBe(true)
    expect(await etsiVerdict(document)).toMatchObject({
      mainIndication: 'urn:etsi:019102:mainindication:total-failed',
      subIndication: 'urn:etsi:019102:subindication:REVOKED',
    })
  })

  it('finds a signature made with a fresh copy of a revoked certificate not valid', async () => {
    const signature = await judge(
      await completedDocument({
        beforeCopy: async (serial) => {
          expect(await revokeCertificate(handle.db, serial, 'keyCompromise', clock.now())).toBe(1)
          clock.advance(minute)
        },
      }),
    )
    expect(signature?.revocation).toMatchObject({ status: 'revoked', source: 'document' })
    expect(signature?.revokedBeforeSigning).toBe(true)
  })

  it('keeps a signature valid whose certificate was revoked after it was made', async () => {
    // Revoked a day after the timestamp, before the document is completed: its revocation data says so.
    const signature = await judge(
      await completedDocument({
        beforeArchive: async (serial) => {
          clock.advance(day)
          expect(await revokeCertificate(handle.db, serial, 'keyCompromise', clock.now())).toBe(1)
        },
      }),
    )
    expect(signature?.revocation).toMatchObject({ status: 'revoked' })
    expect(signature?.revokedBeforeSigning).toBe(false)
    expect(signature).toMatchObject({ intact: true, trusted: true })
  })

  // Last: it revokes the timestamp authority's certificate. Its revocation data and the issuing CA's are the
  // same for every document, and reused for a while rather than made for each.
  it('shows a revocation of the timestamp authority in documents completed from the reuse bound on', async () => {
    const timestampAuthorityStatus = async () => {
      const data = documentRevocationData(await PDF.load(await completedDocument({})))
      return (await revocationOf(platform.pki.tsa.certificate, platform.pki.issuing.certificate, data)).status
    }
    expect(await timestampAuthorityStatus()).toBe('good')
    const serial = serialHex(platform.pki.tsa.certificate)
    expect(await revokeCertificate(handle.db, serial, 'keyCompromise', clock.now())).toBe(1)
    clock.advance(sharedRevocationReuseMs)
    expect(await timestampAuthorityStatus()).toBe('revoked')
  })
})
