import { deflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { scanPdfStreams } from '../../../server/documents/scan-pdf-streams.ts'
import { deflatedSpaces, makeFlateBombPdf, makePdf, writeRawPdf } from '../../fixtures/make-fixtures.ts'

const mb = 1024 * 1024
const limits = { streamBytes: 8 * mb, documentBytes: 20 * mb }
const pages = (contents: string) => [
  '<< /Type /Catalog /Pages 2 0 R >>',
  '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
  `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents ${contents} >>`,
]

/** ASCII85 of `bytes`, as a PDF's ASCII85Decode filter reads it. */
function ascii85(bytes: Uint8Array): string {
  let out = ''
  for (let i = 0; i < bytes.length; i += 4) {
    const chunk = [0, 1, 2, 3].map((k) => bytes[i + k] ?? 0)
    let value =
      ((chunk[0] ?? 0) * 2 ** 24 + (chunk[1] ?? 0) * 2 ** 16 + (chunk[2] ?? 0) * 2 ** 8 + (chunk[3] ?? 0)) >>>
      0
    const digits: string[] = []
    for (let k = 0; k < 5; k++) {
      digits.unshift(String.fromCharCode(33 + (value % 85)))
      value = Math.floor(value / 85)
    }
    out += digits.slice(0, Math.min(5, bytes.length - i + 1)).join('')
  }
  return `${out}~>`
}

describe('scanPdfStreams', () => {
  it('counts what the streams of an ordinary PDF decode to', async () => {
    const scan = scanPdfStreams(await makePdf([[595, 842]]), limits)
    expect(scan).toMatchObject({ ok: true })
    expect(scan.ok && scan.streams).toBeGreaterThan(0)
  })

  it('stops a compression bomb at the stream limit without decoding the rest', () => {
    expect(scanPdfStreams(makeFlateBombPdf(1024 * mb), limits)).toEqual({
      ok: false,
      reason: 'stream',
      decodedBytes: 8 * mb,
    })
    expect(scanPdfStreams(makeFlateBombPdf(7 * mb), limits)).toEqual({
      ok: true,
      streams: 1,
      decodedBytes: 7 * mb,
    })
  })

  it('adds the streams up to the document limit', () => {
    const streams = Array.from({ length: 4 }, () => ({
      dictionary: '<< /Filter /FlateDecode >>',
      stream: deflatedSpaces(6 * mb),
    }))
    const pdf = writeRawPdf([...pages('[4 0 R 5 0 R 6 0 R 7 0 R]'), ...streams])
    expect(scanPdfStreams(pdf, limits)).toMatchObject({ ok: false, reason: 'document' })
    expect(scanPdfStreams(pdf, { streamBytes: 8 * mb, documentBytes: 30 * mb })).toMatchObject({ ok: true })
  })

  it('decodes chains of filters, by full or abbreviated names, as pdf.js does', () => {
    const inner = deflateSync(Buffer.alloc(9 * mb, 0x20))
    const pdf = writeRawPdf([
      ...pages('4 0 R'),
      { dictionary: '<< /Filter [/A85 /Fl] >>', stream: Buffer.from(ascii85(inner), 'latin1') },
    ])
    expect(scanPdfStreams(pdf, limits)).toMatchObject({ ok: false, reason: 'stream' })
    // The same data at 7 MB passes: what was counted is the chain's output, not the ASCII85 text.
    const small = deflateSync(Buffer.alloc(7 * mb, 0x20))
    const within = writeRawPdf([
      ...pages('4 0 R'),
      {
        dictionary: '<< /Filter [/ASCII85Decode /FlateDecode] >>',
        stream: Buffer.from(ascii85(small), 'latin1'),
      },
    ])
    expect(scanPdfStreams(within, limits)).toEqual({ ok: true, streams: 1, decodedBytes: 7 * mb })
  })

  it('leaves image data to pdf.js, which decodes an image to its stated size only', () => {
    const pdf = writeRawPdf([
      ...pages('4 0 R'),
      { dictionary: '<< /Filter [/FlateDecode /DCTDecode] >>', stream: deflateSync(Buffer.alloc(mb, 1)) },
    ])
    expect(scanPdfStreams(pdf, limits)).toEqual({ ok: true, streams: 1, decodedBytes: mb })
  })
})
