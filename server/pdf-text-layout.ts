import { layoutText, PDF, type PDFPage, rgb } from '@libpdf/core'
import { embedTextFonts, printable, type TextFonts } from './pdf-fonts.ts'

const margin = 56
const bodySize = 9.5
/** The grey of secondary lines (times, footers, details). */
export const mutedInk = rgb(0.38, 0.4, 0.45)
const ink = rgb(0.1, 0.1, 0.12)

/** `2026-03-01 08:00:00 UTC`: one unambiguous time for every reader of a report; `-` for none. */
export function utcTime(iso: string | null): string {
  return iso === null ? '-' : `${iso.slice(0, 19).replace('T', ' ')} UTC`
}

/** How one block of text is written: its font, size, indent from the margin, colour and space above it. */
type TextStyle = {
  font?: 'regular' | 'bold'
  size?: number
  indent?: number
  color?: ReturnType<typeof rgb>
  gap?: number
}

/** A box on a page in points, from the page's bottom-left corner. */
export type PageBox = { page: number; x: number; y: number; width: number; height: number }

/**
 * A report written top to bottom on A4 pages (the server's PDF reports: a request's, a validation's): text
 * wrapped to the margins, a new page when one is full, and each page numbered at the end.
 */
export type TextLayout = {
  /** Writes `text`, each line of it a paragraph wrapped to the width. */
  write(text: string, style?: TextStyle): void
  /** A section's heading. */
  heading(text: string): void
  /** `label: value`. */
  field(label: string, value: string): void
  /** Keeps a box `width` by `height` free below what was written (on a new page if it does not fit). */
  reserve(width: number, height: number): PageBox
  /** Writes `footer(page, pages)` at the foot of each page (from 1) and answers the PDF. */
  finish(footer: (page: number, pages: number) => string): Promise<Uint8Array>
}

/** Starts a report titled `title` (its document information), in Liberation Sans (pdf-fonts.ts). */
export async function startTextLayout(title: string): Promise<TextLayout> {
  const pdf = PDF.create()
  pdf.setTitle(title)
  pdf.setCreator('Signet')
  const fonts: TextFonts = await embedTextFonts(pdf)
  const pages: PDFPage[] = []
  let page = pdf.addPage({ size: 'a4' })
  pages.push(page)
  let y = page.height - margin
  const width = page.width - 2 * margin
  const newPage = () => {
    page = pdf.addPage({ size: 'a4' })
    pages.push(page)
    y = page.height - margin
  }

  const write = (text: string, style: TextStyle = {}) => {
    const font = fonts[style.font ?? 'regular']
    const size = style.size ?? bodySize
    const indent = style.indent ?? 0
    const lineHeight = size * 1.35
    y -= style.gap ?? 0
    for (const paragraph of text.split('\n')) {
      const { lines } = layoutText(printable(font, paragraph), font, size, width - indent, lineHeight)
      for (const line of lines.length === 0 ? [{ text: '' }] : lines) {
        if (y - lineHeight < margin) newPage()
        y -= lineHeight
        page.drawText(line.text, { x: margin + indent, y, size, font, color: style.color ?? ink })
      }
    }
  }
  return {
    write,
    heading: (text) => write(text, { font: 'bold', size: 12, gap: 14 }),
    field: (label, value) => write(`${label}: ${value}`),
    reserve(boxWidth, boxHeight) {
      const gap = 14
      if (y - gap - boxHeight < margin) newPage()
      y -= gap + boxHeight
      return { page: pages.length - 1, x: margin, y, width: Math.min(boxWidth, width), height: boxHeight }
    },
    async finish(footer) {
      pages.forEach((each, index) => {
        each.drawText(printable(fonts.regular, footer(index + 1, pages.length)), {
          x: margin,
          y: margin / 2,
          size: 8,
          font: fonts.regular,
          color: mutedInk,
        })
      })
      return pdf.save({ subsetFonts: true })
    },
  }
}
