import { createHash } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ingestDocument } from '../../../server/documents/ingest-document.ts'
import { inspectPdf } from '../../../server/documents/inspect-pdf.ts'
import { createFileStorage } from '../../../server/storage/create-file-storage.ts'
import type { FileStorage } from '../../../server/storage/file-storage.ts'
import { documentKey } from '../../../server/storage/storage-keys.ts'
import { hasQpdf, writeFixtures } from '../../fixtures/make-fixtures.ts'

let dataDir: string
let storage: FileStorage
let fixtures: Record<string, string>
const tempDir = () => join(dataDir, 'tmp')
const inspect = (path: string) => inspectPdf(path, { maxPages: 1000 })

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'ingest-'))
  storage = createFileStorage({ dataDir })
  fixtures = await writeFixtures(join(dataDir, 'fixtures'))
})
afterEach(() => rm(dataDir, { recursive: true, force: true }))

const upload = async (name: string) => Readable.from([await readFile(fixtures[name] ?? '')])
const storedFiles = async () => readdir(join(dataDir, 'files'), { recursive: true }).catch(() => [])

describe('ingestDocument', () => {
  it('stores a good PDF under its SHA-256 and answers its pages', async () => {
    const bytes = await readFile(fixtures.good ?? '')
    const sha256 = createHash('sha256').update(bytes).digest('hex')
    const result = await ingestDocument(storage, await upload('good'), {
      maxBytes: 1e6,
      tempDir: tempDir(),
      inspect,
    })
    expect(result).toMatchObject({
      ok: true,
      pageCount: 3,
      sha256,
      size: bytes.length,
      key: documentKey(sha256),
    })
    expect(await storage.getBytes(documentKey(sha256))).toEqual(new Uint8Array(bytes))
    expect(await readdir(tempDir())).toEqual([])
  })

  const refusals = [
    ['notPdf', 'document.not_pdf', 415],
    ['empty', 'document.empty', 422],
    ['truncated', 'document.damaged', 422],
    ...(hasQpdf ? [['encrypted', 'document.encrypted', 422] as const] : []),
  ] as const
  for (const [name, code, status] of refusals) {
    it(`refuses ${name} with ${code} and leaves nothing behind`, async () => {
      const result = await ingestDocument(storage, await upload(name), {
        maxBytes: 1e6,
        tempDir: tempDir(),
        inspect,
      })
      expect(result).toEqual({ ok: false, code, status })
      expect(await storedFiles()).toEqual([])
      expect(await readdir(tempDir())).toEqual([])
    })
  }

  it('refuses a file over the limit with document.too_large (413) and leaves nothing behind', async () => {
    const result = await ingestDocument(storage, await upload('good'), {
      maxBytes: 1000,
      tempDir: tempDir(),
      inspect,
    })
    expect(result).toEqual({ ok: false, code: 'document.too_large', status: 413 })
    expect(await storedFiles()).toEqual([])
    expect(await readdir(tempDir())).toEqual([])
  })
})
