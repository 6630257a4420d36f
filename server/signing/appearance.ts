import { measureText, StandardFonts } from '@libpdf/core'

/** The drawing of a visible signature, as a form XObject's content in its own box. */
export type AppearanceDrawing = {
  /** Content stream operators, drawn in a box of `width` x `height` points. */
  content: Uint8Array
  /** Name under which the content expects Helvetica in its /Font resources. */
  fontResource: string
  /** Name under which the content expects the image in its /XObject resources, when one was given. */
  imageResource?: string
}

/** An image drawn at the left of the box (a seal's), its size in pixels for its proportions. */
export type AppearanceImage = { width: number; height: number }

const padding = 8
const maxFontSize = 14
const minFontSize = 5
const lineSpacing = 1.3
const font = StandardFonts.Helvetica

// WinAnsiEncoding bytes 0x80-0x9F that are not Latin-1; the rest of 0x20-0xFF is Latin-1 itself.
const winAnsiExtras: Record<string, number> = {
  '€': 0x80,
  '‚': 0x82,
  ƒ: 0x83,
  '„': 0x84,
  '…': 0x85,
  '†': 0x86,
  '‡': 0x87,
  ˆ: 0x88,
  '‰': 0x89,
  Š: 0x8a,
  '‹': 0x8b,
  Œ: 0x8c,
  Ž: 0x8e,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
  '˜': 0x98,
  '™': 0x99,
  š: 0x9a,
  '›': 0x9b,
  œ: 0x9c,
  ž: 0x9e,
  Ÿ: 0x9f,
}

/**
 * Draws a signature box: the given lines, shrunk to fit, beside a thin ink-blue rule, and nothing else
 * (but an `image`, a seal's, drawn first at the left within the box's height, its proportions kept):
 * the box is transparent, so what lies under it (a signature line, its label) stays visible. Text uses the standard
 * Helvetica font (nothing to embed, so the update stays small and fast); characters outside
 * WinAnsiEncoding are drawn as `?`, while the signature dictionary keeps the exact name.
 */
export function drawAppearance(
  width: number,
  height: number,
  lines: string[],
  image?: AppearanceImage,
): AppearanceDrawing {
  const usableHeight = Math.max(height - 2 * padding, 1)
  // The image takes at most two fifths of the width; the text starts after it.
  const imageScale = image
    ? Math.min(usableHeight / image.height, ((width - 2 * padding) * 0.4) / image.width)
    : 0
  const imageWidth = image ? image.width * imageScale : 0
  const imageHeight = image ? image.height * imageScale : 0
  const left = image ? padding + imageWidth + padding : padding
  const usableWidth = Math.max(width - left - padding, 1)
  const printable = lines.map(toWinAnsiText)
  const widest = Math.max(1, ...printable.map((line) => measureText(line, font, 1)))
  const fontSize = clamp(
    Math.min(usableWidth / widest, usableHeight / (Math.max(lines.length, 1) * lineSpacing)),
    minFontSize,
    maxFontSize,
  )
  const leading = fontSize * lineSpacing
  const blockHeight = leading * printable.length
  // The text sits at the bottom of the box, as a signature sits on its line; the rule runs beside it.
  const top = padding + leading * (printable.length - 1) + fontSize * 0.25
  const ruleTop = Math.min(padding + blockHeight, height - padding / 2)
  const imageOps = image
    ? [
        'q',
        `${num(imageWidth)} 0 0 ${num(imageHeight)} ${num(padding)} ${num((height - imageHeight) / 2)} cm`,
        '/Img Do',
        'Q',
      ]
    : []
  const ops = [
    ...imageOps,
    'q',
    '0.16 0.33 0.66 RG 1.5 w',
    `${num(left - padding + 2)} ${num(padding / 2)} m ${num(left - padding + 2)} ${num(ruleTop)} l S`,
    'Q',
    'BT',
    `/Helv ${num(fontSize)} Tf`,
    '0.09 0.2 0.45 rg',
    `${num(leading)} TL`,
    `${num(left)} ${num(top)} Td`,
    ...printable.map((line, index) => {
      const fitted = truncate(line, usableWidth, fontSize)
      return `${index === 0 ? '' : 'T* '}(${escapePdfString(fitted)}) Tj`
    }),
    'ET',
  ]
  const drawing = { content: encodeLatin(ops.join('\n')), fontResource: 'Helv' }
  return image ? { ...drawing, imageResource: 'Img' } : drawing
}

/**
 * Draws a signer's visual signature: its image (already holding the name, lines and date, as the preview
 * showed it) centred in the box at the largest size that keeps its proportions.
 */
export function drawImageAppearance(
  width: number,
  height: number,
  image: AppearanceImage,
): AppearanceDrawing {
  const scale = Math.min(width / image.width, height / image.height)
  const w = image.width * scale
  const h = image.height * scale
  const ops = [
    'q',
    `${num(w)} 0 0 ${num(h)} ${num((width - w) / 2)} ${num((height - h) / 2)} cm`,
    '/Img Do',
    'Q',
  ]
  return { content: encodeLatin(ops.join('\n')), fontResource: 'Helv', imageResource: 'Img' }
}

function toWinAnsiText(text: string): string {
  let result = ''
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0) ?? 0x3f
    const printable = (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)
    result += printable || winAnsiExtras[char] !== undefined ? char : '?'
  }
  return result
}

function truncate(line: string, maxWidth: number, fontSize: number): string {
  if (measureText(line, font, fontSize) <= maxWidth) return line
  let cut = line
  while (cut.length > 0 && measureText(`${cut}…`, font, fontSize) > maxWidth) cut = cut.slice(0, -1)
  return `${cut}…`
}

function escapePdfString(text: string): string {
  return text.replace(/[\\()]/g, (char) => `\\${char}`)
}

// Text already holds only WinAnsi characters: map each to its single byte.
function encodeLatin(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length)
  for (let index = 0; index < text.length; index++) {
    const char = text[index] ?? '?'
    bytes[index] = winAnsiExtras[char] ?? char.charCodeAt(0)
  }
  return bytes
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max)
}

function num(value: number): string {
  return Number(value.toFixed(2)).toString()
}
