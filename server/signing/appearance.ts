import { type EmbeddedFont, measureText, StandardFonts } from '@libpdf/core'
import { printable } from '../pdf-fonts.ts'
import { fitText, type MeasureText } from './fit-text.ts'

/** The drawing of a visible signature, as a form XObject's content in its own box. */
export type AppearanceDrawing = {
  /** Content stream operators, drawn in a box of `width` x `height` points. */
  content: Uint8Array
  /** Name under which the content expects its font in its /Font resources. */
  fontResource: string
  /** Name under which the content expects the image in its /XObject resources, when one was given. */
  imageResource?: string
}

/** An image drawn at the left of the box (a seal's), its size in pixels for its proportions. */
export type AppearanceImage = { width: number; height: number }

/**
 * The font an appearance writes in: the standard Helvetica (nothing to embed, WinAnsi only) or an embedded
 * font for letters beyond it (Greek, Cyrillic), which the PDF's save subsets to the glyphs written.
 */
export type AppearanceFont = {
  measure: MeasureText
  /** `text` as the font can write it: characters it has no glyph for as `?`. */
  printable(text: string): string
  /** A `Tj` operand writing `text` (already printable). */
  operand(text: string): string
}

/** Helvetica in WinAnsiEncoding; characters beyond it are drawn as `?`. */
export const helvetica: AppearanceFont = {
  measure: (text, size) => measureText(text, StandardFonts.Helvetica, size),
  printable: toWinAnsiText,
  operand: (text) => `(${escapePdfString(text)})`,
}

/** An embedded (Type0, Identity-H) font: text is written as glyph ids, which also marks them for the subset. */
export function embeddedAppearanceFont(font: EmbeddedFont): AppearanceFont {
  return {
    measure: (text, size) => font.getTextWidth(text, size),
    printable: (text) => printable(font, text),
    operand: (text) =>
      `<${font
        .encodeTextToGids(text)
        .map((gid) => gid.toString(16).padStart(4, '0'))
        .join('')}>`,
  }
}

/** Whether Helvetica writes all of `text`: every character in WinAnsiEncoding. */
export function inWinAnsi(text: string): boolean {
  return toWinAnsiText(text) === text.normalize('NFC')
}

const padding = 8
const maxFontSize = 14
const minFontSize = 6
const lineSpacing = 1.3

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
 * Draws a signature box: the given lines beside a thin ink-blue rule, and nothing else (but an `image`, a
 * seal's, drawn first at the left within the box's height, its proportions kept): the box is transparent, so
 * what lies under it (a signature line, its label) stays visible. Lines too long for the box wrap before the
 * text gets smaller than 6 points, and only what does not fit at 6 points is cut with an ellipsis (see
 * {@link fitText}). Text is in `font`: Helvetica unless a line needs letters beyond WinAnsi.
 */
export function drawAppearance(
  width: number,
  height: number,
  lines: string[],
  image?: AppearanceImage,
  font: AppearanceFont = helvetica,
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
  const { size: fontSize, lines: printed } = fitText(
    lines.map((line) => font.printable(line)),
    font.measure,
    { width: usableWidth, height: usableHeight },
    { maxSize: maxFontSize, minSize: minFontSize, lineSpacing },
  )
  const leading = fontSize * lineSpacing
  const blockHeight = leading * printed.length
  // The text sits at the bottom of the box, as a signature sits on its line; the rule runs beside it.
  const top = padding + leading * (printed.length - 1) + fontSize * 0.25
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
    `/F1 ${num(fontSize)} Tf`,
    '0.09 0.2 0.45 rg',
    `${num(leading)} TL`,
    `${num(left)} ${num(top)} Td`,
    ...printed.map((line, index) => `${index === 0 ? '' : 'T* '}${font.operand(line)} Tj`),
    'ET',
  ]
  const drawing = { content: encodeLatin(ops.join('\n')), fontResource: 'F1' }
  return image ? { ...drawing, imageResource: 'Img' } : drawing
}

/**
 * Draws a filled text field's value in its box of `width` x `height`: wrapped within the box's width, no
 * smaller than 6 points, and clipped to the box when it still does not fit (the field's value holds it whole).
 * Its size, for the field's /DA, with the content.
 */
export function drawTextFieldAppearance(
  width: number,
  height: number,
  value: string,
  font: AppearanceFont,
): AppearanceDrawing & { fontSize: number } {
  const inset = 2
  const { size, lines } = fitText(
    [font.printable(value)],
    font.measure,
    { width: Math.max(width - 2 * inset, 1), height: Math.max(height - inset, 1) },
    {
      maxSize: Math.max(Math.min(11, height * 0.7), minFontSize),
      minSize: minFontSize,
      lineSpacing: 1.15,
      ellipsis: false,
    },
  )
  const leading = size * 1.15
  // One line sits in the middle of the box; more start at its top.
  const firstBaseline =
    lines.length <= 1 ? Math.max((height - size * 0.7) / 2, 1) : height - inset / 2 - size * 0.93
  const ops = [
    '/Tx BMC',
    'q',
    `0 0 ${num(width)} ${num(height)} re W n`,
    'BT',
    `/F1 ${num(size)} Tf`,
    '0 g',
    `${num(leading)} TL`,
    `${num(inset)} ${num(firstBaseline)} Td`,
    ...lines.map((line, index) => `${index === 0 ? '' : 'T* '}${font.operand(line)} Tj`),
    'ET',
    'Q',
    'EMC',
  ]
  return { content: encodeLatin(ops.join('\n')), fontResource: 'F1', fontSize: size }
}

/** Draws a checkbox in its box: a square as high as the box, crossed when `checked`. */
export function drawCheckboxAppearance(width: number, height: number, checked: boolean): Uint8Array {
  const side = Math.min(width, height)
  const ops = ['q', '0 G 1 w', `0.5 0.5 ${num(side - 1)} ${num(side - 1)} re S`]
  if (checked) {
    const [low, high] = [side * 0.2, side * 0.8]
    ops.push(
      `${num(Math.max(side * 0.08, 1))} w`,
      `${num(low)} ${num(low)} m ${num(high)} ${num(high)} l S`,
      `${num(low)} ${num(high)} m ${num(high)} ${num(low)} l S`,
    )
  }
  ops.push('Q')
  return encodeLatin(ops.join('\n'))
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
  return { content: encodeLatin(ops.join('\n')), fontResource: 'F1', imageResource: 'Img' }
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

function num(value: number): string {
  return Number(value.toFixed(2)).toString()
}
