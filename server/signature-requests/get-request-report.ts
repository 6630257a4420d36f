import { asc, eq, inArray } from 'drizzle-orm'
import type { SignatureRequestReport } from '../../contract/signature-requests.ts'
import { users } from '../db/schema/accounts.ts'
import { documents } from '../db/schema/documents.ts'
import { signatureRequestAttachments, signatureRequestDocuments } from '../db/schema/signature-requests.ts'
import { findReadableRequest } from './find-request.ts'
import { listRequestEvents } from './list-request-events.ts'
import type { Caller, RequestServices } from './request-services.ts'
import { toAttachmentInfo } from './to-attachment-info.ts'

const fullName = (first: string | null | undefined, last: string | null | undefined) =>
  [first, last].filter(Boolean).join(' ') || null

/**
 * GET .../report?type=json: what happened to a request, for its owner and signers and an admin of the business
 * whose API user sent it (else 404): the request,
 * each signer with their status and quality, each document with the SHA-256 of the original and of its
 * latest signed version, the attachments, and the whole audit trail.
 */
export async function getRequestReport(
  services: Pick<RequestServices, 'db' | 'now'>,
  caller: Caller,
  id: string,
): Promise<SignatureRequestReport> {
  const { db } = services
  const { request, signatures } = await findReadableRequest(db, caller, id)
  const accountIds = signatures.flatMap((s) => (s.signerId === null ? [] : [s.signerId]))
  const [[owner], accounts, documentRows, attachmentRows, { events }] = await Promise.all([
    db.select({ email: users.email }).from(users).where(eq(users.id, request.ownerId)),
    accountIds.length === 0
      ? []
      : db
          .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
          .from(users)
          .where(inArray(users.id, accountIds)),
    db
      .select({ link: signatureRequestDocuments, document: documents })
      .from(signatureRequestDocuments)
      .innerJoin(documents, eq(documents.id, signatureRequestDocuments.documentId))
      .where(eq(signatureRequestDocuments.requestId, id))
      .orderBy(asc(signatureRequestDocuments.position)),
    db
      .select()
      .from(signatureRequestAttachments)
      .where(eq(signatureRequestAttachments.requestId, id))
      .orderBy(asc(signatureRequestAttachments.createdAt)),
    listRequestEvents(services, caller, id),
  ])
  return {
    id: request.id,
    title: request.title,
    message: request.message,
    ownerEmail: owner?.email ?? '',
    statusOverall: request.statusOverall,
    createdAt: request.createdAt.toISOString(),
    updatedAt: request.updatedAt.toISOString(),
    signers: [...signatures]
      .sort((a, b) => a.accountEmail.localeCompare(b.accountEmail))
      .map((s) => {
        const account = accounts.find((a) => a.id === s.signerId)
        return {
          accountEmail: s.accountEmail,
          name:
            fullName(s.signerIdentityData?.firstName, s.signerIdentityData?.lastName) ??
            fullName(account?.firstName, account?.lastName),
          status: s.status,
          signedAt: s.signedAt?.toISOString() ?? null,
          quality: s.quality,
          signingName: s.signingName,
          signingReason: s.signingReason,
          authentication: s.authentication,
          formFields: s.formFields.filter((field) => field.value !== null),
        }
      }),
    documents: documentRows.map(({ link, document }) => ({
      id: document.id,
      title: document.title,
      pageCount: document.pageCount,
      sha256: document.sha256,
      size: document.size,
      signedSha256: link.signedSha256,
      signedSize: link.signedSize,
    })),
    attachments: attachmentRows.map((row) => ({ ...toAttachmentInfo(row), sha256: row.sha256 })),
    events,
    generatedAt: services.now().toISOString(),
  }
}
