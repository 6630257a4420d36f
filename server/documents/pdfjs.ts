import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'

const pdfjsRoot = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))

/** Where pdf.js finds the 14 standard fonts, so text in PDFs that do not embed them still renders. */
const standardFontDataUrl = `${join(pdfjsRoot, 'standard_fonts')}/`

type Source = { path: string } | { data: Uint8Array }

/** The most pixels one image of a PDF may have: pdf.js decodes an image to this size at most. */
const maxImagePixels = 50_000_000

/**
 * Opens a PDF with pdf.js in Node: the standard fonts, a file read by pdf.js itself, and images bounded in
 * size.
 */
export function openPdf(source: Source) {
  return getDocument({
    ...('path' in source ? { url: pathToFileURL(source.path).href } : { data: source.data }),
    standardFontDataUrl,
    maxImageSize: maxImagePixels,
    verbosity: 0,
  })
}
