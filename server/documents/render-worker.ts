// A PDF worker (node:worker_threads): inspects uploads, extracts page text, renders pages of stored PDFs to
// WebP, draws validation reports and appends signatures' updates, off the request loop; the pool bounds its time and memory.

import { parentPort, workerData } from 'node:worker_threads'
import { createCanvas } from '@napi-rs/canvas'
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { type ArchiveAuthorities, archivePdf, renewArchiveTimestamp } from '../signing/archive-pdf.ts'
import { renderValidationReportPdf } from '../signing/render-validation-report-pdf.ts'
import { preparePdfSignature } from '../signing/sign-pdf.ts'
import { SigningError } from '../signing/signing-error.ts'
import { validationReportTexts } from '../signing/validation-report-texts.ts'
import { createFileStorage } from '../storage/create-file-storage.ts'
import { documentKey, pageImageKey, pageTextKey } from '../storage/storage-keys.ts'
import { readSheet } from '../templates/read-sheet.ts'
import { DocumentError } from './document-error.ts'
import { encodePageImage } from './encode-page-image.ts'
import { inspectPdf } from './inspect-pdf.ts'
import { openPdf } from './pdfjs.ts'
import {
  type ArchiveQuestion,
  pixelsPerPoint,
  type RenderAnswerMessage,
  type RenderJobMessage,
  type RenderJobResult,
  type RenderQuestionMessage,
  type RenderResultMessage,
  type RenderWorkerData,
} from './render-job.ts'

const { storage: storageOptions, quality } = workerData as RenderWorkerData
const storage = createFileStorage(storageOptions)
const port = parentPort
if (port === null) throw new Error('render-worker.ts runs only as a worker thread')
// A PDF names addresses (a certificate's issuer, its OCSP responder) that a reader might fetch: a worker
// reading users' PDFs reaches nothing on the network, and asks the API process what it needs instead.
globalThis.fetch = () => Promise.reject(new Error('PDF workers do not use the network'))

// Questions to the API process about the job being run, by number, waiting for their answers.
const questions = new Map<
  number,
  { resolve: (value: Uint8Array | null) => void; reject: (error: Error) => void }
>()
let nextQuestion = 1

function ask(jobId: number, question: ArchiveQuestion): Promise<Uint8Array | null> {
  const ask = nextQuestion++
  return new Promise((resolve, reject) => {
    questions.set(ask, { resolve, reject })
    port?.postMessage({ id: jobId, ask, question } satisfies RenderQuestionMessage)
  })
}

/** The timestamp authority and revocation data of the API process, as seen from job `jobId`. */
function askedAuthorities(jobId: number): ArchiveAuthorities {
  const bytes = async (question: ArchiveQuestion) => {
    const answer = await ask(jobId, question)
    if (answer === null) throw new Error('no timestamp')
    return new Uint8Array(answer)
  }
  return {
    tsa: { timestamp: (digest, algorithm) => bytes({ kind: 'timestamp', digest, algorithm }) },
    revocation: {
      getOCSP: (cert, issuer) => ask(jobId, { kind: 'ocsp', cert, issuer }),
      getCRL: (cert) => ask(jobId, { kind: 'crl', cert }),
    },
  }
}

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

// The largest image a page renders to (an A4 page at scale 400 is 14 million): a huge page is drawn smaller.
const maxCanvasPixels = 40_000_000
// The most text a page answers: a page of small print holds a few thousand characters.
const maxPageText = 100_000

async function pageOf(docHash: string, page: number) {
  const pdf = await documentOf(docHash)
  if (page < 0 || page >= pdf.numPages) throw new DocumentError('document.page_not_found')
  return pdf.getPage(page + 1)
}

async function render(docHash: string, page: number, scale: number): Promise<RenderJobResult['render']> {
  const key = pageImageKey(docHash, page, scale)
  if (await storage.exists(key)) return { key, renderMs: 0, encodeMs: 0, storeMs: 0 }
  const pdfPage = await pageOf(docHash, page)
  try {
    const asked = pdfPage.getViewport({ scale: pixelsPerPoint(scale) })
    const shrink = Math.min(1, Math.sqrt(maxCanvasPixels / Math.max(1, asked.width * asked.height)))
    const viewport = shrink < 1 ? pdfPage.getViewport({ scale: pixelsPerPoint(scale) * shrink }) : asked
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

async function pageText(docHash: string, page: number): Promise<RenderJobResult['text']> {
  const key = pageTextKey(docHash, page)
  const stored = await storage.getBytes(key)
  if (stored !== undefined) return { text: Buffer.from(stored).toString('utf8') }
  const pdfPage = await pageOf(docHash, page)
  try {
    const content = await pdfPage.getTextContent()
    let text = ''
    for (const item of content.items) {
      if (!('str' in item)) continue
      text += item.str + (item.hasEOL ? '\n' : '')
      if (text.length > maxPageText) break
    }
    text = text
      .replace(/[ \t]+\n/g, '\n')
      .trim()
      .slice(0, maxPageText)
    await storage.put(key, Buffer.from(text, 'utf8'))
    return { text }
  } finally {
    pdfPage.cleanup()
  }
}

function run(job: RenderJobMessage): Promise<RenderJobResult[keyof RenderJobResult]> {
  switch (job.type) {
    case 'render':
      return render(job.docHash, job.page, job.scale)
    case 'text':
      return pageText(job.docHash, job.page)
    case 'inspect':
      return inspectPdf(job.path, { maxPages: job.maxPages }).then((inspection) => ({ inspection }))
    case 'sign':
      return preparePdfSignature(job.pdf, job.plan)
    case 'archive':
      return archivePdf(job.pdf, askedAuthorities(job.id)).then((bytes) => ({ bytes }))
    case 'renew-archive':
      return renewArchiveTimestamp(job.pdf, askedAuthorities(job.id), new Date(job.renewBefore))
    case 'sheet':
      return readSheet(job.bytes, job.format)
    case 'validation-report':
      return renderValidationReportPdf(job.facts, validationReportTexts[job.locale])
  }
}

/** A signed PDF's buffer, when it is the PDF's alone: it goes back to the pool without a copy. */
function ownBuffer(result: RenderJobResult[keyof RenderJobResult]): ArrayBuffer[] {
  if (!('bytes' in result) || result.bytes === null) return []
  const { buffer, byteOffset, byteLength } = result.bytes
  return buffer instanceof ArrayBuffer && byteOffset === 0 && byteLength === buffer.byteLength ? [buffer] : []
}

port.on('message', (message: RenderJobMessage | RenderAnswerMessage) => {
  if ('answer' in message) {
    const question = questions.get(message.answer)
    questions.delete(message.answer)
    if (message.ok) question?.resolve(message.value)
    else question?.reject(new Error(message.message))
    return
  }
  const job = message
  run(job).then(
    (result) =>
      port.postMessage({ id: job.id, ok: true, result } satisfies RenderResultMessage, ownBuffer(result)),
    (error: Error) =>
      port.postMessage({
        id: job.id,
        ok: false,
        code: error instanceof DocumentError || error instanceof SigningError ? error.code : undefined,
        message: error.message,
      } satisfies RenderResultMessage),
  )
})
// The pool starts a job's time limit only once the worker has loaded, so a fresh worker's start-up (pdf.js,
// the canvas binding) is not counted against the first document it reads.
port.postMessage('ready')
