import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DatabaseHandle, openDatabase } from '../../../server/db/open-database.ts'
import { users } from '../../../server/db/schema/accounts.ts'
import { mobileSignings } from '../../../server/db/schema/mobile-signing.ts'
import {
  signatureRequestDocuments,
  signatureRequests,
  signatures,
} from '../../../server/db/schema/signature-requests.ts'
import type { QueuedMail } from '../../../server/providers/mail/mail-queue.ts'
import { getSignatureQualities } from '../../../server/signing/get-signature-qualities.ts'
import { signRequests } from '../../../server/signing/sign-requests.ts'
import { validatePdf } from '../../../server/signing/validate-pdf.ts'
import { documentKey } from '../../../server/storage/storage-keys.ts'
import { createTestDatabase, featureDrivers, type TestDatabase } from '../test-database.ts'
import {
  documentTimestamp,
  pdfsig,
  removeTemporaryDirectories,
  temporaryDirectory,
  trustStore,
} from './pdf-tools.ts'
import { seedOpenRequest, startSigningServices, type TestSigning } from './signing-services.ts'

afterAll(removeTemporaryDirectories)

// The signing operation itself, on a database seeded directly: signers whose record unlocks advanced and
// qualified signatures (identification sets that later), and a direct-link signer without an account.
describe.each(featureDrivers)('signature qualities on %s', (driver) => {
  let testDatabase: TestDatabase
  let handle: DatabaseHandle
  let services: TestSigning
  const mails: QueuedMail[] = []
  let nssDir: string
  let dir: string

  beforeAll(async () => {
    testDatabase = await createTestDatabase(driver)
    handle = await openDatabase(testDatabase.database)
    await handle.migrate()
    services = await startSigningServices(handle.db, testDatabase.dataDir, {
      now: () => new Date(),
      mail: {
        post: async (_writer, mail) => {
          mails.push(mail)
        },
      },
    })
    dir = temporaryDirectory(`qualities-${driver}`)
    nssDir = trustStore(dir, (await services.platform?.pki.caPem()) ?? '')
  })

  afterAll(async () => {
    await services?.close()
    await handle?.close()
    await testDatabase?.drop()
  })

  async function user(email: string, firstName: string, attributes: Record<string, string[]>) {
    const [row] = await handle.db
      .insert(users)
      .values({ email, firstName, lastName: 'Example', emailVerified: true, attributes })
      .returning()
    if (row === undefined) throw new Error('no user')
    return row
  }

  /** An OPEN request titled Deed from `ownerId` with a one-page PDF, signed by `signers`. */
  const seedRequest = (ownerId: string, signers: Parameters<typeof seedOpenRequest>[3]) =>
    seedOpenRequest(services, ownerId, 'Deed', signers)

  it('answers 503 naming the missing QTSP for a qualified signature where nobody makes them', async () => {
    const owner = await user('owner-of-nothing@example.com', 'Olga', {})
    const qualified = await user('qes-without-qtsp@example.com', 'Quinn', {
      signature_qualities: ['qes_zertes'],
      default_quality: ['qes'],
      mobile: ['+41791234567'],
    })
    const { request } = await seedRequest(owner.id, [
      { signerId: qualified.id, accountEmail: qualified.email },
    ])
    // As in production without CSC_*: no QTSP, and no demo CA for qualified signatures.
    const production = { ...services, qualifiedSigning: undefined }
    const signing = signRequests(
      production,
      {
        kind: 'account',
        caller: { userId: qualified.id, email: qualified.email, ip: '127.0.0.1', groupIds: [] },
      },
      { signatureRequests: [{ signatureRequestId: request.id }], language: 'en' },
    )
    await expect(signing).rejects.toMatchObject({
      status: 503,
      code: 'server.unavailable',
      message: expect.stringContaining('no qualified trust service provider (CSC_BASE_URL)'),
    })
    // Refused before the signer's phone is asked: no mobile signing, nothing signed.
    expect(
      await handle.db.select().from(mobileSignings).where(eq(mobileSignings.userId, qualified.id)),
    ).toEqual([])
    const [row] = await handle.db.select().from(signatures).where(eq(signatures.requestId, request.id))
    expect(row?.status).toBe('OPEN')
  })

  it('signs with per-signer demo certificates at the quality each record allows, and simply for a direct signer', async () => {
    const owner = await user('owner@example.com', 'Olga', {})
    const advanced = await user('aes@example.com', 'Abe', {
      signature_qualities: ['aes'],
      default_quality: ['aes'],
    })
    const qualified = await user('qes@example.com', 'Quinn', {
      signature_qualities: ['qes_zertes'],
      default_quality: ['qes'],
    })
    const { request, rows } = await seedRequest(owner.id, [
      { signerId: advanced.id, accountEmail: advanced.email },
      { signerId: qualified.id, accountEmail: qualified.email },
      {
        accountEmail: 'guest@example.com',
        signerIdentityData: { emailAddress: 'guest@example.com', firstName: 'Grace', lastName: 'Hopper' },
      },
    ])
    const guest = rows.find((row) => row.signerId === null)
    if (guest === undefined) throw new Error('no guest')
    const body = { signatureRequests: [{ signatureRequestId: request.id }], language: 'fr' }

    expect(await getSignatureQualities(handle.db, advanced.id, true)).toEqual({
      ses: { any: { quality: 'ses' } },
      aes: { any: { quality: 'aes' } },
      signingQuality: 'aes',
    })
    expect(await getSignatureQualities(handle.db, qualified.id, true)).toEqual({
      ses: { any: { quality: 'ses' } },
      aes: { any: { quality: 'aes' } },
      qes: { zertes: { quality: 'demo' } },
      signingQuality: 'qes',
    })

    const account = (row: typeof advanced) => ({
      kind: 'account' as const,
      caller: { userId: row.id, email: row.email, ip: '127.0.0.1', groupIds: [] },
    })
    await signRequests(services, account(advanced), body)
    // A qualified signature waits for the signer's phone (tests/server/mobile-signing); once confirmed:
    await signRequests(services, account(qualified), body, {
      mobileConfirmed: { mobile: '+41 ••• •• 12', oneTimePassword: '123456' },
    })
    // A direct-link session is bound to its own request: any other is not found.
    const direct = {
      kind: 'direct' as const,
      signatureId: guest.id,
      requestId: request.id,
      ip: '127.0.0.1',
      groupIds: [],
    }
    await expect(
      signRequests(
        services,
        { ...direct, requestId: owner.id },
        {
          ...body,
          signatureRequests: [{ signatureRequestId: owner.id }],
        },
      ),
    ).rejects.toMatchObject({ status: 404 })
    expect(await signRequests(services, direct, body)).toEqual({
      results: [{ signatureRequestId: request.id, result: 'complete', statusOverall: 'SIGNED' }],
    })

    const [part] = await handle.db
      .select()
      .from(signatureRequestDocuments)
      .where(eq(signatureRequestDocuments.requestId, request.id))
    const signed = await services.storage.getBytes(documentKey(part?.signedSha256 ?? ''))
    if (signed === undefined) throw new Error('no signed version stored')
    expect(part?.signedSize).toBe(signed.length)
    expect(await pdfsig(dir, signed, nssDir)).toEqual([
      ...Array.from({ length: 3 }, () => ({
        signature: 'Signature is Valid.',
        certificate: 'Certificate is Trusted.',
      })),
      documentTimestamp,
    ])
    const report = await validatePdf(signed, {
      trustedRoots: [services.platform?.pki.root.der ?? new Uint8Array()],
    })
    if (report.status !== 'ok') throw new Error('unreadable')
    expect(
      report.signatures.map((s) => [
        s.signingName,
        s.signer?.commonName,
        s.quality,
        s.demo,
        s.intact,
        s.trusted,
      ]),
    ).toEqual([
      ['Abe Example', 'Abe Example', 'aes', true, true, true],
      ['Quinn Example', 'Quinn Example', 'qes', true, true, true],
      ['Grace Hopper', 'Signet Simple Electronic Signature', 'ses', true, true, true],
      [null, 'Signet Timestamp Authority', 'unknown', false, true, true],
    ])
    const stored = await handle.db.select().from(signatures).where(eq(signatures.requestId, request.id))
    expect(stored.map((s) => [s.accountEmail, s.status, s.quality]).sort()).toEqual([
      ['aes@example.com', 'SIGNED', 'aes'],
      ['guest@example.com', 'SIGNED', 'ses'],
      ['qes@example.com', 'SIGNED', 'qes'],
    ])

    // Everyone gets the signed document; the direct signer without a link, in the call's language.
    expect(mails.map((mail) => mail.to).sort()).toEqual([
      'aes@example.com',
      'guest@example.com',
      'owner@example.com',
      'qes@example.com',
    ])
    const toGuest = mails.find((mail) => mail.to === 'guest@example.com')
    expect(toGuest?.subject).toBe('« Deed » est signé')
    expect(toGuest?.text).not.toContain('http')
    expect(
      await Promise.all(
        (toGuest?.attachments ?? []).map(async (a) => [
          a.filename,
          'storageKey' in a &&
            Buffer.from((await services.storage.getBytes(a.storageKey)) ?? []).equals(Buffer.from(signed)),
        ]),
      ),
    ).toEqual([['Deed.pdf', true]])
  })

  it.runIf(driver === 'postgres')(
    'answers locked when another signing holds the request too long, and signs nothing',
    async () => {
      const owner = await user('holder@example.com', 'Hal', {})
      const { request, rows } = await seedRequest(owner.id, [
        { signerId: owner.id, accountEmail: owner.email },
      ])
      const body = { signatureRequests: [{ signatureRequestId: request.id }], language: 'en' }
      const signer = {
        kind: 'account' as const,
        caller: { userId: owner.id, email: owner.email, ip: '127.0.0.1', groupIds: [] },
      }
      let answer: Awaited<ReturnType<typeof signRequests>> | undefined
      await handle.db.transaction(async (tx) => {
        await tx.select().from(signatureRequests).where(eq(signatureRequests.id, request.id)).for('update')
        answer = await signRequests(services, signer, body)
      })
      expect(answer).toEqual({
        results: [{ signatureRequestId: request.id, result: 'locked', statusOverall: 'OPEN' }],
      })
      const [after] = await handle.db
        .select()
        .from(signatures)
        .where(eq(signatures.id, rows[0]?.id ?? ''))
      expect(after?.status).toBe('OPEN')
      expect((await signRequests(services, signer, body)).results[0]?.result).toBe('complete')
    },
    15_000,
  )
})
