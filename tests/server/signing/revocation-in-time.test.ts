import { PDF } from '@libpdf/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../../server/db/open-database.ts'
import { archivePdf } from '../../../server/signing/archive-pdf.ts'
import { localSigner } from '../../../server/signing/cms.ts'
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
import { makePdf } from './pdf-tools.ts'

const day = 24 * 60 * 60 * 1000

// Revocation is judged from what a completed document carries (its DSS), at the time its timestamp proves.
describe('validation at the time a signature was made', () => {
  // The server's clock starts a day before the timestamp authority's, which stamps the real time.
  const clock = createTestClock(new Date(Date.now() - day))
  let testDatabase: TestDatabase
  let handle: Awaited<ReturnType<typeof openDatabase>>
  let platform: PlatformSigning

  beforeAll(async () => {
    testDatabase = await createTestDatabase('pglite')
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
   * A one-page PDF signed by Ada with a copy of a certificate of her own, made B-LTA; `beforeCopy` and
   * `beforeSigning` run before the copy is minted and before it signs, with the serial of each.
   */
  async function completedDocument(
    beforeSigning: (serial: string) => Promise<void>,
    beforeCopy: (serial: string) => Promise<void> = async () => {},
  ) {
    const issued = await platform.pki.issueSignerCertificate({
      name: 'Ada',
      email: 'ada@example.com',
      quality: 'aes',
    })
    await beforeCopy(serialHex(issued.certificate))
    const copy = await platform.pki.signatureCertificate(issued, handle.db)
    await beforeSigning(serialHex(parseCertificate(copy.der)))
    const signed = await signPdf(await makePdf(1), {
      signer: {
        name: 'Ada',
        email: 'ada@example.com',
        ...localSigner(copy.der, copy.key, platform.pki.chain),
      },
      tsa: platform.tsa,
      name: 'Ada',
      reason: '',
    })
    return archivePdf(signed, { tsa: platform.tsa, revocation: platform.revocation(handle.db) })
  }

  async function judge(bytes: Uint8Array) {
    const report = await validatePdf(bytes, { trustedRoots: [platform.pki.root.der] })
    if (report.status !== 'ok') throw new Error('unreadable')
    const [signature] = report.signatures
    return signature
  }

  it('finds a certificate in good standing from the document alone: B-LTA, valid', async () => {
    const signature = await judge(await completedDocument(async () => {}))
    expect(signature).toMatchObject({
      intact: true,
      trusted: true,
      level: 'B-LTA',
      revocation: { status: 'good', source: 'document' },
      revokedBeforeSigning: false,
    })
  })

  it('finds a signature made with a certificate revoked the day before not valid', async () => {
    const revokedAt = clock.now()
    const signature = await judge(
      await completedDocument(async (serial) => {
        expect(await revokeCertificate(handle.db, serial, 'keyCompromise', revokedAt)).toBe(1)
      }),
    )
    expect(signature?.revocation).toMatchObject({ status: 'revoked', source: 'document' })
    expect(signature?.revocation?.revokedAt?.getTime()).toBe(revokedAt.getTime())
    expect(signature?.revokedBeforeSigning).toBe(true)
  })

  it('finds a signature made with a fresh copy of a revoked certificate not valid', async () => {
    const revokedAt = clock.now()
    const signature = await judge(
      await completedDocument(
        async () => {},
        async (serial) => {
          expect(await revokeCertificate(handle.db, serial, 'keyCompromise', revokedAt)).toBe(1)
        },
      ),
    )
    expect(signature?.revocation).toMatchObject({ status: 'revoked', source: 'document' })
    expect(signature?.revokedBeforeSigning).toBe(true)
  })

  it('keeps a signature valid whose certificate was revoked after it was made', async () => {
    // Revoked a day after the timestamp, as the document's revocation data then says.
    clock.advance(2 * day)
    const signature = await judge(
      await completedDocument(async (serial) => {
        expect(await revokeCertificate(handle.db, serial, 'keyCompromise', clock.now())).toBe(1)
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
      const data = documentRevocationData(await PDF.load(await completedDocument(async () => {})))
      return (await revocationOf(platform.pki.tsa.certificate, platform.pki.issuing.certificate, data)).status
    }
    expect(await timestampAuthorityStatus()).toBe('good')
    const serial = serialHex(platform.pki.tsa.certificate)
    expect(await revokeCertificate(handle.db, serial, 'keyCompromise', clock.now())).toBe(1)
    clock.advance(sharedRevocationReuseMs)
    expect(await timestampAuthorityStatus()).toBe('revoked')
  })
})
