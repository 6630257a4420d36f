import { createCanvas } from '@napi-rs/canvas'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { encodePageImage } from '../../../server/documents/encode-page-image.ts'
import { openPdf } from '../../../server/documents/pdfjs.ts'
import { pixelsPerPoint } from '../../../server/documents/render-job.ts'
import { a4, makePdf } from '../../fixtures/make-fixtures.ts'

/** The WebP's first chunk: `VP8L` for lossless, `VP8 ` for lossy. */
const format = (webp: Buffer) => webp.subarray(12, 16).toString('latin1')

describe('page image encoding', () => {
  it('keeps a page of text exact, and small', async () => {
    const task = openPdf({ data: await makePdf([a4]) })
    const pdf = await task.promise
    const page = await pdf.getPage(1)
    const viewport = page.getViewport({ scale: pixelsPerPoint(100) })
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height))
    await page.render({ canvas: canvas as unknown as HTMLCanvasElement, viewport }).promise
    const pixels = canvas.data()

    const webp = await encodePageImage(pixels, canvas.width, canvas.height, 80)
    expect(format(webp)).toBe('VP8L')
    expect(webp.length).toBeLessThan(20_000)
    const decoded = await sharp(webp).ensureAlpha().raw().toBuffer()
    expect(decoded.equals(Buffer.from(pixels))).toBe(true)
    await task.destroy()
  })

  it('encodes a scan or photo lossy', async () => {
    const [width, height] = [600, 800]
    const pixels = new Uint8Array(width * height * 4)
    for (let index = 0; index < width * height; index++) {
      const [x, y] = [index % width, Math.floor(index / width)]
      const grain = (index * 7919) % 31
      pixels.set(
        [(x * 200) / width + grain, (y * 200) / height + grain, ((x + y) * 255) / (width + height), 255],
        index * 4,
      )
    }
    const webp = await encodePageImage(pixels, width, height, 80)
    expect(format(webp)).toBe('VP8 ')
    expect((await sharp(webp).metadata()).width).toBe(width)
  })
})
