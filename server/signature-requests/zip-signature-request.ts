import { asc, eq } from 'drizzle-orm'
import { documents } from '../db/schema/documents.ts'
import { signatureRequestDocuments } from '../db/schema/signature-requests.ts'
import { documentKey } from '../storage/storage-keys.ts'
import { findReadableRequest } from './find-request.ts'
import type { Caller, RequestServices } from './request-services.ts'
import { safeFileName } from './safe-file-name.ts'
import { streamZip, type ZipEntry, zipLength } from './stream-zip.ts'

/** A ZIP ready to stream: its file name, its exact length and its bytes. */
export type RequestZip = { filename: string; length: number; body: AsyncGenerator<Uint8Array> }

/** `name.pdf`, and `name (2).pdf` for the second of the same name, compared as Windows does: ignoring case. */
function uniqueNames(titles: readonly string[]): string[] {
  const taken = new Set<string>()
  return titles.map((title) => {
    const base = safeFileName(title, 'Document')
    let name = `${base}.pdf`
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base} (${n}).pdf`
    taken.add(name.toLowerCase())
    return name
  })
}

/**
 * GET .../zip: every document of the request, in its order, as its latest signed version when it has one
 * and else as uploaded, for the owner and the signers (and for an admin of the business whose API user sent
 * it; else 404). File names come from the titles, made
 * unique. The archive is streamed; nothing of it is built in memory.
 */
export async function zipSignatureRequest(
  services: RequestServices,
  caller: Caller,
  id: string,
): Promise<RequestZip> {
  const { request } = await findReadableRequest(services.db, caller, id)
  const rows = await services.db
    .select({ link: signatureRequestDocuments, document: documents })
    .from(signatureRequestDocuments)
    .innerJoin(documents, eq(documents.id, signatureRequestDocuments.documentId))
    .where(eq(signatureRequestDocuments.requestId, id))
    .orderBy(asc(signatureRequestDocuments.position))
  const names = uniqueNames(rows.map((row) => row.document.title))
  const entries = rows.map(({ link, document }, index): ZipEntry => {
    const { sha256, size } =
      link.signedSha256 !== null && link.signedSize !== null
        ? { sha256: link.signedSha256, size: link.signedSize }
        : document
    return {
      name: names[index] ?? `${document.id}.pdf`,
      size,
      modifiedAt: document.createdAt,
      open: async () => {
        const file = await services.storage.get(documentKey(sha256))
        if (file === undefined) throw new Error(`stored file of document ${document.id} is missing`)
        return file
      },
    }
  })
  return {
    filename: `${safeFileName(request.title, 'documents')}.zip`,
    length: zipLength(entries),
    body: logFailure(streamZip(entries), services, id),
  }
}

// A failure halfway (a stored file gone) can only cut the download short; the log says why.
async function* logFailure(
  body: AsyncGenerator<Uint8Array>,
  services: RequestServices,
  requestId: string,
): AsyncGenerator<Uint8Array> {
  try {
    yield* body
  } catch (error) {
    services.logger.error({ err: error, requestId }, 'ZIP download failed')
    throw error
  }
}
