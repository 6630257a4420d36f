import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { SignatureRequestStatus } from '../contract/signature-request-status.ts'
import { hashToken } from '../server/accounts/hash-token.ts'
import type { DatabaseConfig } from '../server/config.ts'
import { type Database, openDatabase } from '../server/db/open-database.ts'
import { sessions, users } from '../server/db/schema/accounts.ts'
import { documents } from '../server/db/schema/documents.ts'
import {
  signatureRequestDocuments,
  signatureRequests,
  signatures,
} from '../server/db/schema/signature-requests.ts'

/** A user written for a bench, signed in: the bearer token a client calls with. */
export type SeededAccount = { id: string; email: string; token: string }

/** A signature request to write: its document is named after it, and each signer's signature is open. */
export type SeededRequest = {
  owner: SeededAccount
  title: string
  message?: string
  status: SignatureRequestStatus
  createdAt: Date
  /** The document's content hash: the key of its stored page images. */
  sha256: string
  signers: readonly SeededAccount[]
}

/** How many A4 pages every seeded document has. */
export const seededPageCount = 3

/**
 * Opens the database, migrates it and lets `write` fill it, then analyses it as the server (embedded) or
 * autovacuum (PostgreSQL) does, so that the plans are the ones the server runs; answers what `write` did.
 */
export async function seedDatabase<T>(
  database: DatabaseConfig,
  write: (db: Database) => Promise<T>,
): Promise<T> {
  const handle = await openDatabase(database)
  await handle.migrate()
  const written = await write(handle.db)
  if (!(await handle.upkeep())) await handle.db.execute(sql`vacuum analyze`)
  await handle.close()
  return written
}

/** Writes a verified user for each of `people` with a session valid for a day from `now`. */
export async function insertSignedInUsers(
  db: Database,
  people: readonly { email: string; firstName?: string; lastName?: string }[],
  now: Date,
): Promise<SeededAccount[]> {
  const inserted = await db
    .insert(users)
    .values(people.map((person) => ({ ...person, emailVerified: true })))
    .returning({ id: users.id, email: users.email })
  const idOf = new Map(inserted.map((row) => [row.email, row.id]))
  const accounts = people.map(({ email }) => ({
    id: idOf.get(email) ?? '',
    email,
    token: randomBytes(24).toString('base64url'),
  }))
  await db.insert(sessions).values(
    accounts.map((account) => ({
      tokenHash: hashToken(account.token),
      userId: account.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 24 * 60 * 60 * 1000),
    })),
  )
  return accounts
}

/**
 * Writes the requests, each with a {@link seededPageCount}-page document and its signers, as a sent request
 * has them; answers each one's id, its document's id and its creation time, in order.
 */
export async function insertRequests(
  db: Database,
  requests: readonly SeededRequest[],
): Promise<{ id: string; documentId: string; createdAt: Date }[]> {
  const requestRows = await db
    .insert(signatureRequests)
    .values(
      requests.map((request) => ({
        ownerId: request.owner.id,
        title: request.title,
        message: request.message,
        statusOverall: request.status,
        createdAt: request.createdAt,
        updatedAt: request.createdAt,
      })),
    )
    .returning({ id: signatureRequests.id })
  const documentRows = await db
    .insert(documents)
    .values(
      requests.map((request) => ({
        sha256: request.sha256,
        title: `${request.title}.pdf`,
        size: 150_000,
        contentType: 'application/pdf',
        pageCount: seededPageCount,
        pageSizes: Array.from({ length: seededPageCount }, () => ({ width: 595, height: 842 })),
        ownerId: request.owner.id,
        createdAt: request.createdAt,
      })),
    )
    .returning({ id: documents.id })
  const written = requests.map((request, index) => ({
    id: requestRows[index]?.id ?? '',
    documentId: documentRows[index]?.id ?? '',
    createdAt: request.createdAt,
  }))
  await db
    .insert(signatureRequestDocuments)
    .values(written.map((row) => ({ requestId: row.id, documentId: row.documentId, position: 0 })))
  await db.insert(signatures).values(
    requests.flatMap((request, index) =>
      request.signers.map((signer) => ({
        requestId: written[index]?.id ?? '',
        signerId: signer.id,
        accountEmail: signer.email,
        status: 'OPEN' as const,
      })),
    ),
  )
  return written
}
