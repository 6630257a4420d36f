import { readFile } from 'node:fs/promises'
import { boxesOverlap, type PageBox } from '../../contract/signature-fields.ts'
import { type DocumentFailure, documentFailure } from './document-error.ts'
import { findFreeAreas, type TextBox } from './find-free-areas.ts'
import { openPdf } from './pdfjs.ts'
import { type StreamLimits, scanPdfStreams, streamLimits } from './scan-pdf-streams.ts'

/** Size of one page in PDF points (1/72 inch), as displayed (after its /Rotate). */
type PageSize = { width: number; height: number }

/** A well-formed PDF, with what the document record keeps of it. */
export type PdfInspection = { ok: true; pageCount: number; pageSizes: PageSize[]; freeAreas: PageBox[] }

type PdfPage = Awaited<ReturnType<Awaited<ReturnType<typeof openPdf>['promise']>['getPage']>>

// The header may sit anywhere in the first 1024 bytes and %%EOF in the last 1024 (what Acrobat accepts).
const headerWindow = 1024
const tailWindow = 1024

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`

/** The limits a PDF is read within. */
export type InspectLimits = {
  /** Most pages a document may have (`MAX_PAGES`); more is `document.too_many_pages`. */
  maxPages: number
  /** Most bytes its streams may decode to; more is `document.too_complex`. @default streamLimits */
  streams?: StreamLimits
}

/**
 * Decides whether the file at `path` is a PDF the product can take: `%PDF-` header (else
 * `document.not_pdf`; zero bytes: `document.empty`), a `startxref … %%EOF` trailer in its last KiB and
 * opened by pdf.js with at least one page (else `document.damaged`; a cut file fails here), not needing a
 * password to open (`document.encrypted`: a PDF with only a permissions (owner) password is taken, and
 * signed), streams that decode within the limits (else `document.too_complex`), and at most `maxPages`
 * pages (else `document.too_many_pages`). Runs in a PDF worker, never on the request loop: it reads the
 * whole file, and pdf.js works on it synchronously for as long as the file makes it.
 */
export async function inspectPdf(
  path: string,
  limits: InspectLimits,
): Promise<PdfInspection | DocumentFailure> {
  const bytes = await readFile(path)
  const size = bytes.length
  if (size === 0) return documentFailure('document.empty')
  if (!bytes.toString('latin1', 0, headerWindow).includes('%PDF-')) return documentFailure('document.not_pdf')
  const tail = bytes.toString('latin1', Math.max(0, size - tailWindow - 32))
  const trailer = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail) ?? /startxref\s+(\d+)\s+%%EOF/.exec(tail)
  if (trailer === null || Number(trailer[1]) >= size) return documentFailure('document.damaged')
  const scan = scanPdfStreams(bytes, limits.streams ?? streamLimits)
  if (!scan.ok) {
    const { streamBytes, documentBytes } = limits.streams ?? streamLimits
    const limit =
      scan.reason === 'stream' ? `${mb(streamBytes)} in one stream` : `${mb(documentBytes)} in all`
    return documentFailure('document.too_complex', `The PDF decompresses to more than ${limit}`)
  }

  const task = openPdf({ data: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) })
  try {
    const pdf = await task.promise.catch((error: Error) => error)
    if (pdf instanceof Error) {
      return documentFailure(pdf.name === 'PasswordException' ? 'document.encrypted' : 'document.damaged')
    }
    if (pdf.numPages < 1) return documentFailure('document.damaged')
    if (pdf.numPages > limits.maxPages) {
      return documentFailure(
        'document.too_many_pages',
        `The PDF has ${pdf.numPages} pages; at most ${limits.maxPages} are taken (MAX_PAGES)`,
      )
    }
    const pageSizes: PageSize[] = []
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n)
      const [x1 = 0, y1 = 0, x2 = 0, y2 = 0] = page.view
      const width = Math.abs(x2 - x1)
      const height = Math.abs(y2 - y1)
      pageSizes.push(page.rotate % 180 === 0 ? { width, height } : { width: height, height: width })
      page.cleanup()
    }
    return {
      ok: true,
      pageCount: pdf.numPages,
      pageSizes,
      freeAreas: await endAreas(pdf.numPages, (n) => pdf.getPage(n)),
    }
  } catch {
    return documentFailure('document.damaged')
  } finally {
    await task.destroy()
  }
}

// Enough for the signers of most requests.
const maxFreeAreas = 8

/**
 * Empty areas for signatures at the end of the document: on the last page at the SPEC's size, then
 * smaller ones where those leave room; then on the page before. Pages turned by /Rotate are left out (their
 * text boxes are not in the displayed page's corner).
 */
async function endAreas(pageCount: number, getPage: (n: number) => Promise<PdfPage>): Promise<PageBox[]> {
  const areas: PageBox[] = []
  for (const n of [pageCount, pageCount - 1].filter((n) => n >= 1)) {
    const page = await getPage(n)
    if (page.rotate % 360 !== 0) continue
    const [x1 = 0, y1 = 0, x2 = 0, y2 = 0] = page.view
    const size = { width: x2 - x1, height: y2 - y1 }
    const content = await page.getTextContent()
    const text: TextBox[] = []
    for (const item of content.items) {
      if (!('str' in item) || item.str.trim() === '') continue
      const [, , , , e = 0, f = 0] = item.transform as number[]
      // The baseline's box, with room for descenders.
      text.push({ x: e - x1, y: f - y1 - item.height * 0.25, width: item.width, height: item.height * 1.25 })
    }
    page.cleanup()
    // Smaller areas fill in where the page has no room for more at full size, so each signer gets one.
    for (const scale of n === pageCount ? [1, 0.75, 0.5] : [1]) {
      for (const area of findFreeAreas(n - 1, size, text, scale)) {
        if (areas.length < maxFreeAreas && !areas.some((other) => boxesOverlap(other, area))) areas.push(area)
      }
    }
  }
  return areas
}
