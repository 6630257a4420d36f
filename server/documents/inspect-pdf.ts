import { open } from 'node:fs/promises'
import { boxesOverlap, type PageBox } from '../../contract/signature-fields.ts'
import { type DocumentFailure, documentFailure } from './document-error.ts'
import { findFreeAreas, type TextBox } from './find-free-areas.ts'
import { openPdf } from './pdfjs.ts'

/** Size of one page in PDF points (1/72 inch), as displayed (after its /Rotate). */
export type PageSize = { width: number; height: number }

/** A well-formed PDF, with what the document record keeps of it. */
export type PdfInspection = { ok: true; pageCount: number; pageSizes: PageSize[]; freeAreas: PageBox[] }

type PdfPage = Awaited<ReturnType<Awaited<ReturnType<typeof openPdf>['promise']>['getPage']>>

// The header may sit anywhere in the first 1024 bytes and %%EOF in the last 1024 (what Acrobat accepts).
const headerWindow = 1024
const tailWindow = 1024

async function readWindows(path: string): Promise<{ size: number; head: string; tail: string }> {
  const file = await open(path, 'r')
  try {
    const { size } = await file.stat()
    const head = Buffer.alloc(Math.min(headerWindow, size))
    await file.read(head, 0, head.length, 0)
    const tail = Buffer.alloc(Math.min(tailWindow + 32, size))
    await file.read(tail, 0, tail.length, size - tail.length)
    return { size, head: head.toString('latin1'), tail: tail.toString('latin1') }
  } finally {
    await file.close()
  }
}

/**
 * Decides whether the file at `path` is a PDF the product can take: `%PDF-` header (else
 * `document.not_pdf`; zero bytes: `document.empty`), a `startxref … %%EOF` trailer in its last KiB and
 * opened by pdf.js with at least one page (else `document.damaged`; a cut file fails here), and not
 * needing a password to open (`document.encrypted`): a PDF with only a permissions (owner) password is
 * taken, and signed. Only the head and tail are read by hand; pdf.js reads the rest itself.
 */
export async function inspectPdf(path: string): Promise<PdfInspection | DocumentFailure> {
  const { size, head, tail } = await readWindows(path)
  if (size === 0) return documentFailure('document.empty')
  if (!head.includes('%PDF-')) return documentFailure('document.not_pdf')
  const trailer = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail) ?? /startxref\s+(\d+)\s+%%EOF/.exec(tail)
  if (trailer === null || Number(trailer[1]) >= size) return documentFailure('document.damaged')

  const task = openPdf({ path })
  try {
    const pdf = await task.promise.catch((error: Error) => error)
    if (pdf instanceof Error) {
      return documentFailure(pdf.name === 'PasswordException' ? 'document.encrypted' : 'document.damaged')
    }
    if (pdf.numPages < 1) return documentFailure('document.damaged')
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
