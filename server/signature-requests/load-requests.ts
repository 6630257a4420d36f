import { asc, eq, inArray } from 'drizzle-orm'
import type { SignatureRequestView } from '../../contract/signature-requests.ts'
import type { SignatureRequestState } from '../../machines/signature-request/signature-request.types.ts'
import type { Database } from '../db/open-database.ts'
import {
  documents,
  signatureRequestAttachments,
  signatureRequestDocuments,
  type signatureRequests,
  signatures,
  users,
} from '../db/schema.ts'
import { toDocumentInfo } from '../documents/to-document-info.ts'
import type { Caller } from './request-services.ts'
import { toAttachmentInfo } from './to-attachment-info.ts'

/** A stored request row. */
export type RequestRow = typeof signatureRequests.$inferSelect

/** A stored signature row. */
export type SignatureRow = typeof signatures.$inferSelect

/** Queries that work on the database and inside a transaction alike. */
export type Queryable = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>

/** Whether this signature is the caller's: by account, or by the address it was sent to. */
export function isSignatureOf(signature: SignatureRow, caller: Caller): boolean {
  return signature.signerId === caller.userId || signature.accountEmail === caller.email
}

/**
 * A stored request as the lifecycle machine sees it: signers keyed by signature id, and the participants
 * (the owner's id, signature ids) who took it off their list.
 */
export function storedRequestState(
  request: RequestRow,
  rows: readonly SignatureRow[],
): Required<SignatureRequestState> {
  return {
    ownerId: request.ownerId,
    status: request.statusOverall,
    signers: Object.fromEntries(rows.map((s) => [s.id, s.status])),
    removed: [
      ...(request.ownerRemovedAt === null ? [] : [request.ownerId]),
      ...rows.flatMap((s) => (s.removedAt === null ? [] : [s.id])),
    ],
  }
}

/** Builds the answers of `rows` (in their order) as `caller` sees them, with three batched queries. */
export async function loadRequestViews(
  db: Queryable,
  caller: Caller,
  rows: readonly RequestRow[],
): Promise<SignatureRequestView[]> {
  if (rows.length === 0) return []
  const ids = rows.map((row) => row.id)
  const ownerIds = [...new Set(rows.map((row) => row.ownerId))]
  const [signatureRows, documentRows, owners, attachmentRows] = await Promise.all([
    db
      .select()
      .from(signatures)
      .where(inArray(signatures.requestId, ids))
      .orderBy(asc(signatures.accountEmail)),
    db
      .select({ requestId: signatureRequestDocuments.requestId, document: documents })
      .from(signatureRequestDocuments)
      .innerJoin(documents, eq(documents.id, signatureRequestDocuments.documentId))
      .where(inArray(signatureRequestDocuments.requestId, ids))
      .orderBy(asc(signatureRequestDocuments.position)),
    db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, ownerIds)),
    db
      .select()
      .from(signatureRequestAttachments)
      .where(inArray(signatureRequestAttachments.requestId, ids))
      .orderBy(asc(signatureRequestAttachments.createdAt), asc(signatureRequestAttachments.id)),
  ])
  const ownerEmail = new Map(owners.map((owner) => [owner.id, owner.email]))
  return rows.map((row) => {
    const own = signatureRows.filter((s) => s.requestId === row.id)
    return {
      id: row.id,
      title: row.title,
      message: row.message,
      ownerEmail: ownerEmail.get(row.ownerId) ?? '',
      isOwner: row.ownerId === caller.userId,
      statusOverall: row.statusOverall,
      signatureStatus: own.find((s) => isSignatureOf(s, caller))?.status ?? null,
      signaturesCount: own.length,
      documents: documentRows.filter((d) => d.requestId === row.id).map((d) => toDocumentInfo(d.document)),
      signatures: own.map((s) => ({
        id: s.id,
        accountEmail: s.accountEmail,
        signerIdentityData: s.signerIdentityData,
        status: s.status,
        signedAt: s.signedAt?.toISOString() ?? null,
      })),
      attachments: attachmentRows.filter((a) => a.requestId === row.id).map(toAttachmentInfo),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      lastRemindedAt: row.lastRemindedAt?.toISOString() ?? null,
    }
  })
}
