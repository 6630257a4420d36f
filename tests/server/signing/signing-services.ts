import { createHash } from 'node:crypto'
import { join } from 'node:path'
import { pino } from 'pino'
import type { Database } from '../../../server/db/open-database.ts'
import { documents } from '../../../server/db/schema/documents.ts'
import {
  signatureRequestDocuments,
  signatureRequests,
  signatures,
} from '../../../server/db/schema/signature-requests.ts'
import { createPageRenderer } from '../../../server/documents/render-pages.ts'
import { loadPlatformSigning } from '../../../server/signing/load-platform-signing.ts'
import type { SigningServices } from '../../../server/signing/signing-services.ts'
import { createLocalFileStorage } from '../../../server/storage/local-file-storage.ts'
import { documentKey } from '../../../server/storage/storage-keys.ts'
import { makePdf } from './pdf-tools.ts'

/** The services of the signing operation on a test database, with the platform's demo CA and a page renderer. */
export type TestSigning = SigningServices & { close: () => Promise<void> }

/**
 * The signing services on the database `db` whose files live in `dataDir`: the clock and mail are the test's,
 * the rest is the real thing (a development platform CA, local file storage, one rendering worker).
 */
export async function startSigningServices(
  db: Database,
  dataDir: string,
  { now, mail }: Pick<SigningServices, 'now' | 'mail'>,
): Promise<TestSigning> {
  const renderer = createPageRenderer({ storage: { dataDir }, workers: 1 })
  return {
    db,
    now,
    mail,
    publicUrl: 'http://localhost',
    logger: pino({ level: 'silent' }),
    storage: createLocalFileStorage(join(dataDir, 'files')),
    renderer,
    limits: { documentBytes: 1 << 24, requestBytes: 1 << 24 },
    tempDir: join(dataDir, 'tmp'),
    platform: await loadPlatformSigning({ dataDir, appMode: 'development' }, db, now),
    freeSignatures: 10,
    qualifiedSigning: 'demo',
    close: () => renderer.close(),
  }
}

/** An OPEN request titled `title` from `ownerId` with a one-page PDF, to be signed by `signers`. */
export async function seedOpenRequest(
  services: Pick<SigningServices, 'db' | 'now' | 'storage'>,
  ownerId: string,
  title: string,
  signers: Omit<typeof signatures.$inferInsert, 'requestId' | 'status'>[],
) {
  const { db, storage } = services
  const now = services.now()
  const pdf = await makePdf(1)
  const sha256 = createHash('sha256').update(pdf).update(title).digest('hex')
  await storage.put(documentKey(sha256), pdf)
  const [document] = await db
    .insert(documents)
    .values({
      sha256,
      title,
      size: pdf.length,
      contentType: 'application/pdf',
      pageCount: 1,
      pageSizes: [{ width: 595, height: 842 }],
      ownerId,
      createdAt: now,
    })
    .returning()
  const [request] = await db
    .insert(signatureRequests)
    .values({ ownerId, title, statusOverall: 'OPEN', createdAt: now, updatedAt: now })
    .returning()
  if (document === undefined || request === undefined) throw new Error('not seeded')
  await db
    .insert(signatureRequestDocuments)
    .values({ requestId: request.id, documentId: document.id, position: 0 })
  const rows = await db
    .insert(signatures)
    .values(signers.map((signer) => ({ ...signer, requestId: request.id, status: 'OPEN' as const })))
    .returning()
  return { request, rows }
}
