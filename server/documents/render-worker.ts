// A render worker (node:worker_threads): renders pages of stored PDFs to WebP and stores them.

import { parentPort, workerData } from 'node:worker_threads'
import { createCanvas } from '@napi-rs/canvas'
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { createFileStorage } from '../storage/create-file-storage.ts'
import { documentKey, pageImageKey } from '../storage/storage-keys.ts'
import { DocumentError } from './document-error.ts'
import { encodePageImage } from './encode-page-image.ts'
import { openPdf } from './pdfjs.ts'
import {
  pixelsPerPoint,
  type RenderJobMessage,
  type RenderResultMessage,
  type RenderTiming,
  type RenderWorkerData,
} from './render-job.ts'

const { storage: storageOptions, quality } = workerData as RenderWorkerData
const storage = createFileStorage(storageOptions)
const port = parentPort
if (port === null) throw new Error('render-worker.ts runs only as a worker thread')

// Pages of one document are asked for one after another: keep the last few open instead of re-parsing.
type OpenDocument = { pdf: Promise<PDFDocumentProxy>; destroy: () => Promise<void> }
const openDocuments = new Map<string, OpenDocument>()
const keepOpen = 2

function documentOf(docHash: string): Promise<PDFDocumentProxy> {
  const known = openDocuments.get(docHash)
  if (known !== undefined) {
    openDocuments.delete(docHash)
    openDocuments.set(docHash, known)
    return known.pdf
  }
  let task: ReturnType<typeof openPdf> | undefined
  const pdf = (async () => {
    const data = await storage.getBytes(documentKey(docHash))
    if (data === undefined) throw new DocumentError('document.not_found')
    task = openPdf({ data })
    return task.promise
  })()
  openDocuments.set(docHash, { pdf, destroy: async () => task?.destroy() })
  pdf.catch(() => openDocuments.delete(docHash))
  for (const [hash, oldest] of openDocuments) {
    if (openDocuments.size <= keepOpen) break
    openDocuments.delete(hash)
    oldest.destroy().catch(() => {})
  }
  return pdf
}

async function render({ docHash, page, scale }: RenderJobMessage): Promise<{ key: string } & RenderTiming> {
  const key = pageImageKey(docHash, page, scale)
  if (await storage.exists(key)) return { key, renderMs: 0, encodeMs: 0, storeMs: 0 }
  const pdf = await documentOf(docHash)
  if (page < 0 || page >= pdf.numPages) throw new DocumentError('document.page_not_found')
  const pdfPage = await pdf.getPage(page + 1)
  try {
    const viewport = pdfPage.getViewport({ scale: pixelsPerPoint(scale) })
    const canvas = createCanvas(
      Math.max(1, Math.ceil(viewport.width)),
      Math.max(1, Math.ceil(viewport.height)),
    )
    const started = performance.now()
    await pdfPage.render({ canvas: canvas as unknown as HTMLCanvasElement, viewport }).promise
    const rendered = performance.now()
    const webp = await encodePageImage(canvas.data(), canvas.width, canvas.height, quality)
    const encoded = performance.now()
    await storage.put(key, webp)
    const stored = performance.now()
    return { key, renderMs: rendered - started, encodeMs: encoded - rendered, storeMs: stored - encoded }
  } finally {
    pdfPage.cleanup()
  }
}

port.on('message', (job: RenderJobMessage) => {
  render(job).then(
    (result) => port.postMessage({ id: job.id, ok: true, ...result } satisfies RenderResultMessage),
    (error: Error) =>
      port.postMessage({
        id: job.id,
        ok: false,
        code: error instanceof DocumentError ? error.code : undefined,
        message: error.message,
      } satisfies RenderResultMessage),
  )
})
