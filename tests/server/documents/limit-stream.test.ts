import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DocumentError } from '../../../server/documents/document-error.ts'
import { limitStream } from '../../../server/documents/limit-stream.ts'
import { createLocalFileStorage } from '../../../server/storage/local-file-storage.ts'

let root: string
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'limit-stream-'))
})
afterEach(() => rm(root, { recursive: true, force: true }))

const chunks = (count: number, size: number) =>
  Array.from({ length: count }, () => new Uint8Array(size).fill(37))

describe('limitStream', () => {
  it('lets a body at the limit through', async () => {
    const storage = createLocalFileStorage(root)
    const body = Readable.from(chunks(4, 1024)).pipe(limitStream(4096))
    expect(await storage.put('ok.pdf', body)).toMatchObject({ size: 4096 })
  })

  it('fails with document.too_large (413) past the limit, and the store keeps nothing', async () => {
    const storage = createLocalFileStorage(root)
    const limited = limitStream(4096)
    const body = Readable.from(chunks(10, 1024)).pipe(limited)
    const error = await storage.put('big.pdf', body).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(DocumentError)
    expect(error).toMatchObject({ code: 'document.too_large', status: 413 })
    expect(await storage.exists('big.pdf')).toBe(false)
    expect(await readdir(join(root, '.tmp'))).toEqual([])
  })

  it('stops reading the source once the limit is passed', async () => {
    let produced = 0
    async function* endless() {
      for (;;) {
        produced++
        yield new Uint8Array(1024)
      }
    }
    const storage = createLocalFileStorage(root)
    await expect(
      storage.put('endless.pdf', Readable.from(endless()).pipe(limitStream(8192))),
    ).rejects.toThrow()
    expect(produced).toBeLessThan(64)
  })
})
