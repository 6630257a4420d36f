/**
 * Documents: time from "file stored" to the first page image being ready for a 50-page PDF (goal under
 * 300 ms), and render time per page at scale 100 and 20 (goal under 40 ms), median and p95, with the
 * event-loop delay of the main thread meanwhile and the size of the images. Prints; asserts nothing.
 *
 * Run: node bench/documents.ts [pages]
 */
import { createHash } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { availableParallelism, tmpdir } from 'node:os'
import { join } from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { inspectPdf } from '../server/documents/inspect-pdf.ts'
import type { RenderTiming } from '../server/documents/render-job.ts'
import { createPageRenderer } from '../server/documents/render-pages.ts'
import { createFileStorage } from '../server/storage/create-file-storage.ts'
import { documentKey } from '../server/storage/storage-keys.ts'
import { a4, makePdf } from '../tests/fixtures/make-fixtures.ts'
import { ms, percentile } from './figures.ts'

const pageCount = Number(process.argv[2] ?? 50)
const dataDir = await mkdtemp(join(tmpdir(), 'bench-documents-'))
const storage = createFileStorage({ dataDir })
let timings: ({ key: string } & RenderTiming)[] = []
const renderer = createPageRenderer({ storage: { dataDir }, onRendered: (page) => timings.push(page) })

async function storedPdf(label: string, pages: number): Promise<{ hash: string; bytes: Uint8Array }> {
  const bytes = await makePdf(Array.from({ length: pages }, () => a4))
  // A different producer date alone would do; the label makes each document's hash its own for sure.
  const tagged = new Uint8Array([...bytes, ...new TextEncoder().encode(`\n%${label}\n`)])
  const hash = createHash('sha256').update(tagged).digest('hex')
  await storage.put(documentKey(hash), tagged)
  return { hash, bytes: tagged }
}

try {
  const workers = Math.max(1, availableParallelism() - 1)
  console.log(`${pageCount}-page A4 PDF with text; ${workers} render worker(s); scale 100 = 96 dpi`)

  // Warm up: workers load pdf.js, the canvas binding and the standard fonts once, at server start.
  const warm = await storedPdf('warm-up', workers)
  await Promise.all(Array.from({ length: workers }, (_, page) => renderer.renderPage(warm.hash, page, 100)))

  const loopDelay = monitorEventLoopDelay({ resolution: 5 })
  const upload = await storedPdf('upload', pageCount)
  const file = join(dataDir, 'upload.pdf')
  await writeFile(file, upload.bytes)
  let started = performance.now()
  const inspection = await inspectPdf(file, { maxPages: 1000 })
  const inspectMs = performance.now() - started
  console.log(
    `inspectPdf (header, trailer, pdf.js open, ${pageCount} page sizes): ${ms(inspectMs)}, ok=${inspection.ok}`,
  )

  loopDelay.enable()
  started = performance.now()
  renderer.renderDocument(upload.hash, pageCount)
  await renderer.renderPage(upload.hash, 0, 100)
  const firstPageMs = performance.now() - started
  await Promise.all(
    Array.from({ length: pageCount }, (_, page) => renderer.renderPage(upload.hash, page, 20)),
  )
  await Promise.all(
    Array.from({ length: pageCount }, (_, page) => renderer.renderPage(upload.hash, page, 100)),
  )
  const allPagesMs = performance.now() - started
  loopDelay.disable()
  console.log(`stored -> first page image ready (scale 100): ${ms(firstPageMs)} (goal < 300 ms)`)
  console.log(`stored -> all ${pageCount} pages at scale 100 and 20 ready: ${ms(allPagesMs)}`)
  console.log(
    `main-thread event-loop delay meanwhile: p50 ${ms(loopDelay.percentile(50) / 1e6)}, ` +
      `p99 ${ms(loopDelay.percentile(99) / 1e6)}, max ${ms(loopDelay.max / 1e6)}`,
  )

  // One page at a time through the pool, the document already open in the worker: the cost of a page.
  const sequential = await storedPdf('sequential', pageCount)
  await renderer.renderPage(sequential.hash, 0, 100)
  for (const scale of [100, 20]) {
    const times: number[] = []
    timings = []
    for (let page = 1; page < pageCount; page++) {
      const t = performance.now()
      await renderer.renderPage(sequential.hash, page, scale)
      times.push(performance.now() - t)
    }
    console.log(
      `render per page, scale ${scale} (render + WebP + store, one at a time): ` +
        `median ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))} over ${times.length} pages (goal < 40 ms)`,
    )
    for (const part of ['renderMs', 'encodeMs', 'storeMs'] as const) {
      const values = timings.map((timing) => timing[part])
      console.log(
        `  of which ${part.replace('Ms', '')}: median ${ms(percentile(values, 50))}, p95 ${ms(percentile(values, 95))}`,
      )
    }
    // What the viewer downloads for each page: the trade against the time above (lossless for text pages).
    const sizes = await Promise.all(
      timings.map(async ({ key }) => ((await storage.getBytes(key))?.length ?? 0) / 1024),
    )
    console.log(
      `  image: median ${percentile(sizes, 50).toFixed(1)} KB, largest ${Math.max(...sizes).toFixed(1)} KB`,
    )
  }
} finally {
  await renderer.close()
  await rm(dataDir, { recursive: true, force: true })
}
