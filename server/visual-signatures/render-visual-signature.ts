import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { createCanvas, GlobalFonts, loadImage, type SKRSContext2D } from '@napi-rs/canvas'
import QRCode from 'qrcode'
import { handwritingFont, visualSignatureSize } from '../../contract/visual-signatures.ts'
import { fitText } from '../signing/fit-text.ts'

/** What a visual signature's image shows (SPEC §3 Visual signature); each line is left out when empty. */
export type VisualSignatureDrawing = {
  name: string
  /** SPEC optionalLine, shown as the company. */
  company: string
  location: string
  language: string
  /** A drawn or uploaded image (PNG or JPEG bytes); without one, the name is written in `font`. */
  image?: Uint8Array
  /** The face a typed name is written in, with the system serif as fallback. @default handwritingFont */
  font?: string
  /** The signing time, drawn when set (a preview passes the time of the call). */
  date?: Date
  /** The claim line: who signed and that it is an electronic signature. */
  claim: boolean
  /** The standards line: the quality, legislation and provider it was signed at. */
  standards?: { quality: string; legislation?: string; provider?: string }
  /** A QR code of this address (the product's verification page), drawn at the right of the signature. */
  qr?: string
  /** A placeholder: the name area is left for a signer still unknown. */
  placeholder?: boolean
}

/** The latin-ext subset of the handwriting face, under a name of its own: one family holds one file. */
const handwritingFontExt = `${handwritingFont} Ext`

/**
 * Registers the handwriting face of typed signatures (the OFL Dancing Script the app's editor shows too) with
 * the canvas, once. Skia reads the WOFF2 files; letters the latin subset lacks (Ł, ő) fall through the font
 * list to the latin-ext subset, as in the browser.
 */
function registerHandwritingFont(): void {
  if (GlobalFonts.has(handwritingFont)) return
  const files = join(
    dirname(createRequire(import.meta.url).resolve('@fontsource/dancing-script/latin-400.css')),
    'files',
  )
  GlobalFonts.registerFromPath(join(files, 'dancing-script-latin-400-normal.woff2'), handwritingFont)
  GlobalFonts.registerFromPath(join(files, 'dancing-script-latin-ext-400-normal.woff2'), handwritingFontExt)
}
registerHandwritingFont()

const ink = '#17346f'
const claims: Record<string, string> = {
  en: 'Signed electronically',
  de: 'Elektronisch signiert',
  fr: 'Signé électroniquement',
  it: 'Firmato elettronicamente',
}
const qualities: Record<string, string> = {
  ses: 'SES',
  aes: 'AES',
  qes: 'QES',
}

/**
 * Draws a visual signature as a PNG of 300 x 140 pixels times `scale`: the signature (typed name or image)
 * in the upper part, a rule, and the small lines below (company, location and date, claim, standards).
 * The preview and the PAdES appearance both come from here, so what the user sees is what a PDF shows.
 */
export async function renderVisualSignature(drawing: VisualSignatureDrawing, scale = 1): Promise<Uint8Array> {
  const { width, height } = visualSignatureSize
  const canvas = createCanvas(width * scale, height * scale)
  const context = canvas.getContext('2d')
  context.scale(scale, scale)
  // The small lines wrap (down to 6 px, as the PDF's text appearance) rather than being cut, in at most the
  // lower two thirds of the image, and only what still does not fit ends with an ellipsis.
  const smallFace = (px: number) => `${px}px "DejaVu Sans", "Liberation Sans", sans-serif`
  const small = fitText(
    textLines(drawing),
    (text, size) => {
      context.font = smallFace(size)
      return context.measureText(text).width
    },
    { width: width - 16, height: height - 6 - 46 },
    { maxSize: 9, minSize: 6, lineSpacing: 11 / 9 },
  )
  const lineHeight = (small.size * 11) / 9
  const textTop = height - 6 - small.lines.length * lineHeight
  const area = { x: 8, y: 6, width: width - 16, height: Math.max(textTop - 10, 30) }
  const qrSize = drawing.qr === undefined ? 0 : Math.min(area.height, 64)
  const signatureBox = { ...area, width: area.width - (qrSize > 0 ? qrSize + 6 : 0) }
  if (drawing.qr !== undefined) drawQr(context, drawing.qr, area.x + area.width - qrSize, area.y, qrSize)

  if (drawing.image) {
    const image = await loadImage(Buffer.from(drawing.image))
    const fit = Math.min(signatureBox.width / image.width, signatureBox.height / image.height)
    const w = image.width * fit
    const h = image.height * fit
    context.drawImage(image, signatureBox.x, signatureBox.y + (signatureBox.height - h), w, h)
  } else if (!drawing.placeholder) {
    const family =
      drawing.font === undefined ? `"${handwritingFont}", "${handwritingFontExt}"` : `"${drawing.font}"`
    const face = (px: number) => `${px}px ${family}, "DejaVu Serif", "Liberation Serif", serif`
    // A long name gets smaller down to 12 px, then takes more lines, as the PDF's text appearance does.
    const name = fitText(
      [drawing.name],
      (text, size) => {
        context.font = face(size)
        return context.measureText(text).width
      },
      { width: signatureBox.width, height: signatureBox.height },
      { maxSize: 40, minSize: 12, lineSpacing: 1.15 },
    )
    context.font = face(name.size)
    context.fillStyle = ink
    context.textBaseline = 'alphabetic'
    const bottom = signatureBox.y + signatureBox.height - 4
    name.lines.forEach((line, index) => {
      const fromBottom = name.lines.length - 1 - index
      context.fillText(line, signatureBox.x, bottom - fromBottom * name.size * 1.15)
    })
  }
  context.strokeStyle = ink
  context.lineWidth = 1
  context.beginPath()
  context.moveTo(8, textTop - 2)
  context.lineTo(width - 8, textTop - 2)
  context.stroke()

  context.fillStyle = '#333333'
  context.font = smallFace(small.size)
  context.textBaseline = 'top'
  small.lines.forEach((line, index) => {
    context.fillText(line, 8, textTop + 2 + index * lineHeight)
  })
  return new Uint8Array(await canvas.encode('png'))
}

function textLines(drawing: VisualSignatureDrawing): string[] {
  const language = claims[drawing.language] === undefined ? 'en' : drawing.language
  const dated = drawing.date
    ? new Intl.DateTimeFormat(`${language}-CH`, {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        timeZone: 'UTC',
        timeZoneName: 'short',
      }).format(drawing.date)
    : ''
  const place = [drawing.location, dated].filter((part) => part !== '').join(', ')
  const standards = drawing.standards
    ? [
        qualities[drawing.standards.quality] ?? drawing.standards.quality.toUpperCase(),
        drawing.standards.legislation?.toUpperCase(),
        drawing.standards.provider,
      ]
        .filter((part) => part !== undefined && part !== '')
        .join(' · ')
    : ''
  return [
    drawing.image || drawing.placeholder ? drawing.name : '',
    drawing.company,
    place,
    drawing.claim ? (claims[language] ?? claims.en ?? '') : '',
    standards,
  ].filter((line) => line !== '')
}

/** A QR code of `text` in a white square of `size` pixels at (`x`, `y`), its modules in ink. */
function drawQr(context: SKRSContext2D, text: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' })
  const quiet = 2
  const cell = size / (modules.size + quiet * 2)
  context.fillStyle = '#ffffff'
  context.fillRect(x, y, size, size)
  context.fillStyle = '#000000'
  for (let row = 0; row < modules.size; row++) {
    for (let column = 0; column < modules.size; column++) {
      if (modules.get(row, column)) {
        context.fillRect(x + (column + quiet) * cell, y + (row + quiet) * cell, cell + 0.05, cell + 0.05)
      }
    }
  }
}
