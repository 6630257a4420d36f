import QRCode from 'qrcode'
import { describe, expect, it } from 'vitest'
import { renderVisualSignature } from '../../../server/visual-signatures/render-visual-signature.ts'
import { pixels } from './visual-signature-client.ts'

const typed = { name: 'Ada Lovelace', company: '', location: '', language: 'en', claim: true }

/** The box of the pure black pixels (the QR code's modules; ink and text are not black), if any. */
async function blackBox(png: Uint8Array) {
  const { width, height, data } = await pixels(png)
  let left = width
  let top = height
  let right = -1
  let bottom = -1
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 4
      if (data[at] === 0 && data[at + 1] === 0 && data[at + 2] === 0 && (data[at + 3] ?? 0) === 255) {
        left = Math.min(left, x)
        right = Math.max(right, x)
        top = Math.min(top, y)
        bottom = Math.max(bottom, y)
      }
    }
  }
  const dark = (x: number, y: number) => (data[(Math.round(y) * width + Math.round(x)) * 4] ?? 255) < 128
  return right < 0 ? undefined : { left, top, width: right - left + 1, height: bottom - top + 1, dark }
}

describe('drawing a visual signature', () => {
  it('writes a typed name in the handwriting font, not in the fallback face', async () => {
    const handwriting = await renderVisualSignature(typed)
    const fallback = await renderVisualSignature({ ...typed, font: 'No Such Face' })
    const serif = await renderVisualSignature({ ...typed, font: 'Also Missing' })
    // Two missing faces fall back alike; the handwriting font draws differently, so it is really loaded.
    expect(Buffer.from(fallback).equals(Buffer.from(serif))).toBe(true)
    expect(Buffer.from(handwriting).equals(Buffer.from(fallback))).toBe(false)
  })

  it('writes letters beyond the latin subset (Ł, ő) in the handwriting font too', async () => {
    for (const name of ['Łukasz', 'Erdős']) {
      const handwriting = await renderVisualSignature({ ...typed, name })
      const fallback = await renderVisualSignature({ ...typed, name, font: 'No Such Face' })
      const initialOnly = await renderVisualSignature({ ...typed, name: name.slice(0, 1) })
      const initialFallback = await renderVisualSignature({ ...typed, name: name.slice(0, 1), font: 'None' })
      expect(Buffer.from(handwriting).equals(Buffer.from(fallback))).toBe(false)
      expect(Buffer.from(initialOnly).equals(Buffer.from(initialFallback)), name).toBe(false)
    }
  })

  it('draws a QR code of the verification page that reads back module by module', async () => {
    const url = 'http://localhost/validate'
    const plain = await renderVisualSignature(typed, 4)
    expect(await blackBox(plain)).toBeUndefined()
    const drawn = await renderVisualSignature({ ...typed, qr: url }, 4)
    const box = await blackBox(drawn)
    if (box === undefined) throw new Error('no QR code drawn')
    const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' })
    expect(box.width).toBeCloseTo(box.height, -1)
    const cell = box.width / modules.size
    let mismatches = 0
    for (let row = 0; row < modules.size; row++) {
      for (let column = 0; column < modules.size; column++) {
        const dark = box.dark(box.left + (column + 0.5) * cell, box.top + (row + 0.5) * cell)
        if (dark !== Boolean(modules.get(row, column))) mismatches++
      }
    }
    expect(mismatches).toBe(0)
    // It sits at the right, the name keeps the left.
    expect(box.left).toBeGreaterThan((300 * 4) / 2)
  })

  it('writes the chosen standard, legislation and provider in the standards line', async () => {
    const ses = await renderVisualSignature({ ...typed, standards: { quality: 'ses' } })
    const qes = await renderVisualSignature({
      ...typed,
      standards: { quality: 'qes', legislation: 'zertes', provider: 'demo' },
    })
    expect(Buffer.from(ses).equals(Buffer.from(qes))).toBe(false)
  })

  it('wraps a long line of the preview onto a second line instead of cutting or shrinking it', async () => {
    /** The lines of grey text (the small lines; the name and the rule are in ink) from top to bottom. */
    async function textLines(png: Uint8Array) {
      const { width, height, data } = await pixels(png)
      const bands: { top: number; right: number }[] = []
      let previous = false
      for (let y = 0; y < height; y++) {
        let right = -1
        for (let x = 0; x < width; x++) {
          const at = (y * width + x) * 4
          const [r = 0, g = 0, b = 0, a = 0] = [data[at], data[at + 1], data[at + 2], data[at + 3]]
          if (a > 100 && Math.abs(r - g) < 6 && Math.abs(g - b) < 6 && r < 90) right = x
        }
        const band = bands.at(-1)
        if (right >= 0 && !previous) bands.push({ top: y, right })
        else if (right >= 0 && band) band.right = Math.max(band.right, right)
        previous = right >= 0
      }
      return bands
    }
    const company =
      'Internationale Gesellschaft für angewandte Forschung und Entwicklung im Bereich Signaturen AG'
    const short = await textLines(await renderVisualSignature({ ...typed, company: 'Acme AG' }, 2))
    const long = await textLines(await renderVisualSignature({ ...typed, company }, 2))
    // Company and claim; then the company on two lines, the claim as high as before, all within the image.
    expect(short).toHaveLength(2)
    expect(long).toHaveLength(3)
    const lineHeight = (short[1]?.top ?? 0) - (short[0]?.top ?? 0)
    expect((long[2]?.top ?? 0) - (long[1]?.top ?? 0)).toBeCloseTo(lineHeight, -1)
    expect(Math.max(...long.map((band) => band.right))).toBeLessThan(2 * (300 - 8))
  })
})
