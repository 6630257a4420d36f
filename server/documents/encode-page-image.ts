import sharp from 'sharp'

/** Colours a page of text and lines stays under, among {@link colourSamples} of its pixels (a scan has thousands). */
const fewColoursLimit = 1024
const colourSamples = 8192

/** Whether the RGBA `pixels` hold few distinct colours, as a page of text and lines does; from a sample of them. */
function fewColours(pixels: Uint8Array): boolean {
  const count = pixels.length / 4
  const step = Math.max(1, Math.floor(count / colourSamples))
  const view = new DataView(pixels.buffer, pixels.byteOffset, pixels.byteLength)
  const seen = new Set<number>()
  for (let index = 0; index < count; index += step) {
    seen.add(view.getUint32(index * 4))
    if (seen.size > fewColoursLimit) return false
  }
  return true
}

/**
 * A rendered page (RGBA `pixels`) as WebP. A page of text and lines goes lossless: exact, and several times
 * smaller than lossy WebP (a page of text at scale 100: 8 KB against 69 KB), which is what a phone on a slow
 * network waits for. A scan or a photo goes lossy at `quality`, at libwebp's fastest effort: lossless would be
 * larger and take ten times as long. (Skia's encoder, canvas.encode, takes about 2.5 times as long as libwebp.)
 */
export function encodePageImage(
  pixels: Uint8Array,
  width: number,
  height: number,
  quality: number,
): Promise<Buffer> {
  const image = sharp(pixels, { raw: { width, height, channels: 4 } })
  return (
    fewColours(pixels) ? image.webp({ lossless: true, effort: 1 }) : image.webp({ quality, effort: 0 })
  ).toBuffer()
}
