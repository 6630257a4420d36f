import { createCanvas, loadImage } from '@napi-rs/canvas'
import { visualSignatureSize } from '../../contract/visual-signatures.ts'

/** What a visual signature's image shows (SPEC §3 Visual signature); each line is left out when empty. */
export type VisualSignatureDrawing = {
  name: string
  /** SPEC optionalLine, shown as the company. */
  company: string
  location: string
  language: string
  /** A drawn or uploaded image (PNG or JPEG bytes); without one, the name is written in a handwriting-like face. */
  image?: Uint8Array
  /** The signing time, drawn when set (a preview passes the time of the call). */
  date?: Date
  /** The claim line: who signed and that it is an electronic signature. */
  claim: boolean
  /** The standards line: the quality and legislation it was signed at. */
  standards?: { quality: string; legislation?: string }
  /** A placeholder: the name area is left for a signer still unknown. */
  placeholder?: boolean
}

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
  const lines = textLines(drawing)
  const lineHeight = 11
  const textTop = height - 6 - lines.length * lineHeight
  const signatureBox = { x: 8, y: 6, width: width - 16, height: Math.max(textTop - 10, 30) }

  if (drawing.image) {
    const image = await loadImage(Buffer.from(drawing.image))
    const fit = Math.min(signatureBox.width / image.width, signatureBox.height / image.height)
    const w = image.width * fit
    const h = image.height * fit
    context.drawImage(image, signatureBox.x, signatureBox.y + (signatureBox.height - h), w, h)
  } else if (!drawing.placeholder) {
    let size = 40
    const face = (px: number) => `italic ${px}px "DejaVu Serif", "Liberation Serif", serif`
    context.font = face(size)
    while (size > 12 && context.measureText(drawing.name).width > signatureBox.width) {
      size -= 2
      context.font = face(size)
    }
    context.fillStyle = ink
    context.textBaseline = 'alphabetic'
    context.fillText(drawing.name, signatureBox.x, signatureBox.y + signatureBox.height - 4)
  }
  context.strokeStyle = ink
  context.lineWidth = 1
  context.beginPath()
  context.moveTo(8, textTop - 2)
  context.lineTo(width - 8, textTop - 2)
  context.stroke()

  context.fillStyle = '#333333'
  context.font = '9px "DejaVu Sans", "Liberation Sans", sans-serif'
  context.textBaseline = 'top'
  lines.forEach((line, index) => {
    context.fillText(fitted(context, line, width - 16), 8, textTop + 2 + index * lineHeight)
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

type Measurer = { measureText(text: string): { width: number } }

function fitted(context: Measurer, line: string, maxWidth: number): string {
  if (context.measureText(line).width <= maxWidth) return line
  let cut = line
  while (cut.length > 0 && context.measureText(`${cut}…`).width > maxWidth) cut = cut.slice(0, -1)
  return `${cut}…`
}
