import { and, eq } from 'drizzle-orm'
import type { ObservedRequest } from '../../contract/signature-requests.ts'
import { createSecretToken } from '../accounts/create-secret-token.ts'
import { hashToken } from '../accounts/hash-token.ts'
import { documents } from '../db/schema/documents.ts'
import { signatureRequestDocuments, signatureRequestObservers } from '../db/schema/signature-requests.ts'
import { documentNotFound } from '../documents/find-document.ts'
import { isUuid, requestNotFound } from './find-request.ts'
import { documentNotSigned } from './find-signed-version.ts'
import { type Queryable, requestViewRows } from './load-requests.ts'
import type { RequestServices } from './request-services.ts'

/**
 * A new read-only link for an observer of a signed request: `/observe/{request id}?token=<secret>`, the secret
 * 256 random bits of which only the SHA-256 is stored, so the link cannot be guessed and a copy of the database
 * does not open it. It replaces the observer's earlier secret.
 */
export async function issueReadLink(
  tx: Queryable,
  publicUrl: string,
  observer: { id: string; requestId: string },
): Promise<string> {
  const { token, hash } = createSecretToken()
  await tx
    .update(signatureRequestObservers)
    .set({ readTokenHash: hash })
    .where(eq(signatureRequestObservers.id, observer.id))
  return `${publicUrl}/observe/${observer.requestId}?token=${token}`
}

/** 404 unless `token` is the secret of an observer of the signed request `id`. */
async function checkReadToken(db: Queryable, id: string, token: string | undefined): Promise<void> {
  if (!isUuid(id) || token === undefined || token === '') throw requestNotFound()
  const [observer] = await db
    .select({ id: signatureRequestObservers.id })
    .from(signatureRequestObservers)
    .where(
      and(
        eq(signatureRequestObservers.requestId, id.toLowerCase()),
        eq(signatureRequestObservers.readTokenHash, hashToken(token)),
      ),
    )
  if (observer === undefined) throw requestNotFound()
}

/**
 * GET /v3/observe/signature-requests/{id}?token=: the finished request as its observer's link shows it, without
 * an account: its title, sender, signers with when they signed, and its documents. Anything else of it (the
 * message, attachments, audit trail) stays with its participants. A wrong token is 404, as for no request.
 */
export async function getObservedRequest(
  services: RequestServices,
  id: string,
  token: string | undefined,
): Promise<ObservedRequest> {
  await checkReadToken(services.db, id, token)
  const [view] = await requestViewRows(services.db, [id.toLowerCase()])
  if (view === undefined || view.request.statusOverall !== 'SIGNED') throw requestNotFound()
  return {
    id: view.request.id,
    title: view.request.title,
    ownerEmail: view.ownerEmail,
    statusOverall: view.request.statusOverall,
    signatures: view.signatures.map((s) => {
      const name = [s.signerIdentityData?.firstName, s.signerIdentityData?.lastName].filter(Boolean).join(' ')
      return {
        accountEmail: s.accountEmail,
        name: name === '' ? null : name,
        status: s.status,
        signedAt: s.signedAt === null ? null : new Date(s.signedAt).toISOString(),
        sequence: s.sequence,
      }
    }),
    documents: view.documents.map((d) => ({ id: d.id, title: d.title, pageCount: d.pageCount })),
    business: view.business,
  }
}

/** The signed version of document `documentId` of the observed request `id`, for its download. */
export async function findObservedDocument(
  services: RequestServices,
  id: string,
  documentId: string,
  token: string | undefined,
): Promise<{ title: string; sha256: string; size: number }> {
  await checkReadToken(services.db, id, token)
  if (!isUuid(documentId)) throw documentNotFound()
  const [part] = await services.db
    .select({
      title: documents.title,
      sha256: signatureRequestDocuments.signedSha256,
      size: signatureRequestDocuments.signedSize,
    })
    .from(signatureRequestDocuments)
    .innerJoin(documents, eq(documents.id, signatureRequestDocuments.documentId))
    .where(
      and(
        eq(signatureRequestDocuments.requestId, id.toLowerCase()),
        eq(signatureRequestDocuments.documentId, documentId.toLowerCase()),
      ),
    )
  if (part === undefined) throw documentNotFound()
  if (part.sha256 === null || part.size === null) throw documentNotSigned()
  return { title: part.title, sha256: part.sha256, size: part.size }
}
