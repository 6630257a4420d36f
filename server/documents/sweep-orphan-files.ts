import { inArray } from 'drizzle-orm'
import type { Database } from '../db/open-database.ts'
import { documents } from '../db/schema/documents.ts'
import { signatureRequestAttachments, signatureRequestDocuments } from '../db/schema/signature-requests.ts'
import { templateDocuments } from '../db/schema/templates.ts'
import type { FileStorage } from '../storage/file-storage.ts'
import { sweepFiles } from '../storage/local-file-storage.ts'
import { pageImagesFolder } from '../storage/storage-keys.ts'

/** How old a file without a row must be before it goes: a file is stored before its row is written. */
export const orphanAgeMs = 60 * 60 * 1000

/** What one sweep removed. */
export type SweepResult = { files: number; pageFolders: number; partial: number }

const batch = 500
const storedHash = /^(?:documents|pages)\/[0-9a-f]{2}\/([0-9a-f]{64})(?:\.pdf|\/.*)$/

/**
 * Removes what a process that died half-way left behind (issue 11 §5): stored PDFs that no document, signed
 * version, attachment or template refers to, page images of such PDFs, partial writes of the storage and spool files
 * of uploads, each only once it is an hour old, so a file stored a moment before its row is kept.
 */
export async function sweepOrphanFiles(services: {
  db: Database
  storage: FileStorage
  tempDir: string
  now: () => Date
}): Promise<SweepResult> {
  const { db, storage } = services
  const before = new Date(services.now().getTime() - orphanAgeMs)
  const result: SweepResult = { files: 0, pageFolders: 0, partial: 0 }

  for (const folder of ['documents', 'pages'] as const) {
    // Page images go by folder: one per document hash.
    const seen = new Set<string>()
    let candidates = new Map<string, string[]>()
    const sweep = async () => {
      const referenced = await referencedHashes(db, [...candidates.keys()])
      for (const [hash, keys] of candidates) {
        if (referenced.has(hash)) continue
        if (folder === 'pages') {
          await storage.deleteFolder(pageImagesFolder(hash))
          result.pageFolders += 1
        } else {
          for (const key of keys) await storage.delete(key)
          result.files += keys.length
        }
      }
      candidates = new Map()
    }
    for await (const file of storage.list(folder)) {
      const hash = storedHash.exec(file.key)?.[1]
      if (hash === undefined || file.modifiedAt >= before || seen.has(hash)) continue
      seen.add(hash)
      candidates.set(hash, [file.key])
      if (candidates.size >= batch) await sweep()
    }
    await sweep()
  }
  result.partial = (await storage.sweepPartial(before)) + (await sweepFiles(services.tempDir, before))
  return result
}

/** Which of `hashes` a document, a signed version, an attachment or a template's document refers to. */
async function referencedHashes(db: Database, hashes: string[]): Promise<Set<string>> {
  if (hashes.length === 0) return new Set()
  const [uploaded, signed, attached, templated] = await Promise.all([
    db.select({ hash: documents.sha256 }).from(documents).where(inArray(documents.sha256, hashes)),
    db
      .select({ hash: signatureRequestDocuments.signedSha256 })
      .from(signatureRequestDocuments)
      .where(inArray(signatureRequestDocuments.signedSha256, hashes)),
    db
      .select({ hash: signatureRequestAttachments.sha256 })
      .from(signatureRequestAttachments)
      .where(inArray(signatureRequestAttachments.sha256, hashes)),
    db
      .select({ hash: templateDocuments.sha256 })
      .from(templateDocuments)
      .where(inArray(templateDocuments.sha256, hashes)),
  ])
  return new Set(
    [...uploaded, ...signed, ...attached, ...templated].flatMap(({ hash }) => (hash === null ? [] : [hash])),
  )
}
