import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { EmbeddedFont, PDF } from '@libpdf/core'

// Liberation Sans ships with pdf.js (a dependency already) and covers Latin, Greek and Cyrillic, so names
// print as written; the standard Helvetica would only take WinAnsi.
const fontDir = join(
  dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
  'standard_fonts',
)
let fontFiles: Promise<[Uint8Array, Uint8Array]> | undefined

/** The regular and bold text fonts of every PDF the server draws (reports, invoices). */
export type TextFonts = Record<'regular' | 'bold', EmbeddedFont>

/** Embeds Liberation Sans, regular and bold, in `pdf`; save it with `subsetFonts` to keep it small. */
export async function embedTextFonts(pdf: PDF): Promise<TextFonts> {
  fontFiles ??= Promise.all([
    readFile(join(fontDir, 'LiberationSans-Regular.ttf')),
    readFile(join(fontDir, 'LiberationSans-Bold.ttf')),
  ])
  const [regular, bold] = await fontFiles
  return { regular: pdf.embedFont(regular), bold: pdf.embedFont(bold) }
}

/** `text` with each character the font has no glyph for (beyond Latin, Greek and Cyrillic) shown as `?`. */
export function printable(font: EmbeddedFont, text: string): string {
  const missing = new Set(font.getUnencodableCharacters(text))
  return missing.size === 0 ? text : [...text].map((c) => (missing.has(c) ? '?' : c)).join('')
}
