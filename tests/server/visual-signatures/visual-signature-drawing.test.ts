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
})
