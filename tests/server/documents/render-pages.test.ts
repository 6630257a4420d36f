import { createHash } from 'node:crypto'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadImage } from '@napi-rs/canvas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPageRenderer, eagerPages, type PageRenderer } from '../../../server/documents/render-pages.ts'
import { createFileStorage } from '../../../server/storage/create-file-storage.ts'
import type { FileStorage } from '../../../server/storage/file-storage.ts'
import { documentKey, pageImageKey } from '../../../server/storage/storage-keys.ts'
import {
  a4,
  a4Landscape,
  makeFlateBombPdf,
  makeLargeImagePdf,
  makeManyPagesPdf,
  makePdf,
} from '../../fixtures/make-fixtures.ts'

let dataDir: string
let storage: FileStorage
let renderer: PageRenderer
let docHash: string

async function storePdf(bytes: Uint8Array): Promise<string> {
  const hash = createHash('sha256').update(bytes).digest('hex')
  await storage.put(documentKey(hash), bytes)
  return hash
}

async function imageAt(key: string) {
  const bytes = await storage.getBytes(key)
  if (bytes === undefined) throw new Error(`no image at ${key}`)
  return { bytes, image: await loadImage(Buffer.from(bytes)) }
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'render-pages-'))
  storage = createFileStorage({ dataDir })
  renderer = createPageRenderer({ storage: { dataDir }, workers: 2 })
  docHash = await storePdf(await makePdf([a4, a4Landscape, a4, a4, a4, a4]))
})
afterAll(async () => {
  await renderer.close()
  await rm(dataDir, { recursive: true, force: true })
})

describe('page renderer', () => {
  it('renders page 0 to a real WebP at 96 dpi and caches it in storage', async () => {
    expect(await renderer.status(docHash, 0, 100)).toBe('missing')
    const key = await renderer.renderPage(docHash, 0, 100)
    expect(key).toBe(pageImageKey(docHash, 0, 100))
    const { bytes, image } = await imageAt(key)
    expect(Buffer.from(bytes.subarray(0, 4)).toString('latin1')).toBe('RIFF')
    expect(Buffer.from(bytes.subarray(8, 12)).toString('latin1')).toBe('WEBP')
    expect([image.width, image.height]).toEqual([Math.ceil((a4[0] * 96) / 72), Math.ceil((a4[1] * 96) / 72)])
    expect(await renderer.status(docHash, 0, 100)).toBe('ready')
  })

  it('renders a thumbnail smaller, and a landscape page wide', async () => {
    const thumbnail = await imageAt(await renderer.renderPage(docHash, 0, 20))
    const full = await imageAt(pageImageKey(docHash, 0, 100))
    expect(thumbnail.image.width).toBe(Math.ceil((a4[0] * 96 * 0.2) / 72))
    expect(thumbnail.bytes.length).toBeLessThan(full.bytes.length)
    const landscape = await imageAt(await renderer.renderPage(docHash, 1, 100))
    expect(landscape.image.width).toBeGreaterThan(landscape.image.height)
  })

  it('answers many concurrent requests, the same page only once', async () => {
    const asks = [2, 3, 4, 5, 2, 3, 4, 5].map((page) => renderer.renderPage(docHash, page, 100))
    const keys = await Promise.all(asks)
    expect(new Set(keys).size).toBe(4)
    for (const key of keys) expect(await storage.exists(key)).toBe(true)
  })

  it('queues the first pages of a new document, and the others only when asked for', async () => {
    const other = await storePdf(await makePdf(Array.from({ length: 8 }, () => a4)))
    renderer.renderDocument(other, 8, [100])
    expect(await renderer.status(other, eagerPages - 1, 100)).toBe('pending')
    expect(await renderer.status(other, 7, 100)).toBe('missing')
    await renderer.renderPage(other, 0, 100)
    await renderer.renderPage(other, eagerPages - 1, 100)
    expect(await renderer.status(other, 7, 100)).toBe('missing')
    await renderer.renderPage(other, 7, 100)
    expect(await renderer.status(other, 7, 100)).toBe('ready')
  })

  it('refuses a page past the end and a document it does not have, with their codes', async () => {
    await expect(renderer.renderPage(docHash, 6, 100)).rejects.toMatchObject({
      code: 'document.page_not_found',
    })
    await expect(renderer.renderPage(docHash, -1, 100)).rejects.toMatchObject({
      code: 'document.page_not_found',
    })
    await expect(renderer.renderPage('0'.repeat(64), 0, 100)).rejects.toMatchObject({
      code: 'document.not_found',
    })
  })

  it('shuts down cleanly, refusing what was still queued', async () => {
    const own = createPageRenderer({ storage: { dataDir }, workers: 1 })
    const many = await storePdf(await makePdf(Array.from({ length: 12 }, () => a4)))
    const asks = Array.from({ length: 12 }, (_, page) =>
      own.renderPage(many, page, 50).then(
        () => 'done',
        () => 'refused',
      ),
    )
    // Once the last page waits for a worker, the ones before it are queued too.
    await expect.poll(() => own.status(many, 11, 50)).toBe('pending')
    await own.close()
    const outcomes = await Promise.all(asks)
    expect(outcomes).toContain('refused')
    await expect(own.renderPage(many, 11, 51)).rejects.toThrow('closed')
  })

  it('drops a document queued just before it closes, leaving no failure unhandled', async () => {
    const unhandled: unknown[] = []
    const note = (reason: unknown) => unhandled.push(reason)
    process.on('unhandledRejection', note)
    try {
      const own = createPageRenderer({ storage: { dataDir }, workers: 1 })
      const late = await storePdf(await makePdf([a4, a4, a4]))
      // It first asks the storage whether the pages are there; the answers come after it closed.
      own.renderDocument(late, 3)
      await own.close()
      // The storage's answers have come once no first page is pending: each render it then asked for was refused.
      const firstPages = [0, 1].flatMap((page) => [100, 20].map((scale) => ({ page, scale })))
      for (const { page, scale } of firstPages) {
        await expect.poll(() => own.status(late, page, scale)).toBe('missing')
      }
      expect(unhandled).toEqual([])
      expect(await storage.exists(pageImageKey(late, 0, 100))).toBe(false)
    } finally {
      process.off('unhandledRejection', note)
    }
  })

  describe('reading crafted uploads within bounds', () => {
    const upload = async (name: string, bytes: Uint8Array) => {
      const path = join(dataDir, name)
      await writeFile(path, bytes)
      return path
    }

    it('refuses a compression bomb and a document of too many pages, naming the limit', async () => {
      expect(await renderer.inspect(await upload('bomb.pdf', makeFlateBombPdf(1024 ** 3)))).toMatchObject({
        ok: false,
        code: 'document.too_complex',
        message: 'The PDF decompresses to more than 128 MB in one stream',
      })
      expect(await renderer.inspect(await upload('many.pdf', makeManyPagesPdf(1001)))).toMatchObject({
        ok: false,
        code: 'document.too_many_pages',
        message: 'The PDF has 1001 pages; at most 1000 are taken (MAX_PAGES)',
      })
      // A real document at the limit, each page with its own content and font streams (34,000 in 7.9 MB): the
      // scan once copied the whole file for each stream, and ran past the job's time limit.
      const thousand = await renderer.inspect(
        await upload('thousand.pdf', await makePdf(Array(1000).fill(a4))),
      )
      expect(thousand).toMatchObject({ ok: true, pageCount: 1000 })
    })

    it('ends a worker that holds too much memory or takes too long, and goes on with the next job', async () => {
      const small = createPageRenderer({ storage: { dataDir }, workers: 1, externalMb: 48 })
      const quick = createPageRenderer({
        storage: { dataDir },
        workers: 1,
        timeLimitMs: 3000,
        maxPages: 100_000,
      })
      try {
        // Within the stream limits, but pdf.js holds the 100 MB of its page's text to read it.
        const large = await small.inspect(await upload('large.pdf', makeFlateBombPdf(100 * 1024 * 1024)))
        expect(large).toMatchObject({
          code: 'document.too_complex',
          message: 'The PDF needs too much memory',
        })
        const slow = await quick.inspect(await upload('slow.pdf', makeManyPagesPdf(20_000)))
        expect(slow).toMatchObject({
          code: 'document.too_complex',
          message: 'The PDF takes longer than 3 s',
        })
        const fine = await upload('fine.pdf', await makePdf([a4]))
        expect(await small.inspect(fine)).toMatchObject({ ok: true, pageCount: 1 })
        expect(await quick.inspect(fine)).toMatchObject({ ok: true, pageCount: 1 })
      } finally {
        await Promise.all([small.close(), quick.close()])
      }
    })

    it('fails a page too large to draw within its memory, and at once when it is asked for again', async () => {
      const small = createPageRenderer({ storage: { dataDir }, workers: 1, externalMb: 64 })
      try {
        const path = await upload('image.pdf', makeLargeImagePdf(6000))
        expect(await renderer.inspect(path)).toMatchObject({ ok: true, pageCount: 1 })
        const hash = await storePdf(await readFile(path))
        const failure = await small.renderPage(hash, 0, 100).catch((error: unknown) => error)
        expect(failure).toMatchObject({ code: 'document.too_complex' })
        // Asked again, it answers the failure it keeps, without drawing the page once more.
        await expect(small.renderPage(hash, 0, 100)).rejects.toBe(failure)
        // Its worker was replaced, and renders other documents.
        expect(await small.renderPage(docHash, 0, 21)).toBe(pageImageKey(docHash, 0, 21))
      } finally {
        await small.close()
      }
    })

    it('drops the queued pages of a document that is gone', async () => {
      const own = createPageRenderer({ storage: { dataDir }, workers: 1 })
      try {
        const gone = await storePdf(await makePdf(Array.from({ length: 6 }, () => a4)))
        const asks = Array.from({ length: 6 }, (_, page) =>
          own.renderPage(gone, page, 30).then(
            () => 'rendered',
            (error: Error & { code?: string }) => error.code,
          ),
        )
        await expect.poll(() => own.status(gone, 5, 30)).toBe('pending')
        own.forget(gone)
        const outcomes = await Promise.all(asks)
        expect(outcomes).toContain('document.not_found')
        expect(await own.status(gone, 5, 30)).toBe('missing')
      } finally {
        await own.close()
      }
    })
  })

  describe('signing', () => {
    const plan = { signer: { name: 'Ada Muster', email: 'ada@example.com' }, name: 'Ada Muster', reason: '' }

    it('appends a signature to a PDF in a worker, with room for the CMS over the digest it covers', async () => {
      const pdf = await makePdf([a4, a4])
      const prepared = await renderer.prepareSignature(pdf, { ...plan, appearance: { page: 1 } })
      const { bytes, contentsStart, contentsLength, digest } = prepared
      // An incremental update: the original bytes stay as they were, the signature follows them.
      expect(Buffer.from(bytes.subarray(0, pdf.length)).equals(Buffer.from(pdf))).toBe(true)
      const contents = Buffer.from(bytes.subarray(contentsStart, contentsStart + contentsLength)).toString(
        'latin1',
      )
      expect(contents).toMatch(/^<0+>$/)
      const covered = createHash('sha256')
        .update(bytes.subarray(0, contentsStart))
        .update(bytes.subarray(contentsStart + contentsLength))
        .digest()
      expect(Buffer.from(digest).equals(covered)).toBe(true)
      const byteRange = Buffer.from(bytes.subarray(pdf.length))
        .toString('latin1')
        .match(/\/ByteRange\s*\[([^\]]*)\]/)
      expect(byteRange?.[1]?.trim().split(/\s+/).map(Number)).toEqual([
        0,
        contentsStart,
        contentsStart + contentsLength,
        bytes.length - contentsStart - contentsLength,
      ])
    })

    it('passes on why a PDF cannot be signed, by its code', async () => {
      await expect(
        renderer.prepareSignature(new TextEncoder().encode('not a pdf'), plan),
      ).rejects.toMatchObject({
        name: 'SigningError',
        code: 'signing.pdf_unreadable',
      })
      await expect(
        renderer.prepareSignature(await makePdf([a4]), { ...plan, appearance: { page: 3 } }),
      ).rejects.toMatchObject({ name: 'SigningError', code: 'signing.page_out_of_range' })
    })
  })
})
