import { PDF } from '@libpdf/core'
import {
  a4,
  a4Landscape,
  makeAgreementPdf,
  makeFlateBombPdf,
  makeManyPagesPdf,
  makePdf,
  truncate,
} from '../../tests/fixtures/make-fixtures.ts'

/** A file as the browser's file picker hands it over. */
export interface PickedFile {
  name: string
  mimeType: string
  buffer: Buffer
}

const pdf = (name: string, bytes: Uint8Array): PickedFile => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from(bytes),
})

/** A good PDF with one A4 page. */
export async function onePagePdf(name: string): Promise<PickedFile> {
  return pdf(name, await makePdf([a4]))
}

/** A one-page agreement with a signature line for the client and one for the contractor. */
export async function agreementPdf(name: string): Promise<PickedFile> {
  return pdf(name, await makeAgreementPdf())
}

/** A good PDF with three pages (A4 portrait, A4 landscape, US letter). */
export async function threePagePdf(name: string): Promise<PickedFile> {
  return pdf(name, await makePdf([a4, a4Landscape, [612, 792]]))
}

/** An encrypted PDF: opening it needs a password (AES-256, as a protected PDF from an office suite). */
async function encryptedPdf(): Promise<Uint8Array> {
  const doc = await PDF.load(await makePdf([a4]))
  doc.setProtection({ userPassword: 'secret', algorithm: 'AES-256' })
  return doc.save()
}

/** The bad inputs the upload refuses, each with the message the user sees (issue 5 "bad input"). */
export async function badPdfs(limitMb: number): Promise<{ file: PickedFile; message: string }[]> {
  const good = await makePdf([a4, a4])
  // Over the limit, yet a PDF from its first bytes: only its size is wrong.
  const large = new Uint8Array(Math.ceil((limitMb + 0.5) * 1024 * 1024)).fill(0x20)
  large.set(good.subarray(0, Math.min(good.length, large.length)))
  return [
    {
      file: pdf(
        'letter.pdf',
        new TextEncoder().encode('Dear reader,\nthis is plain text with a .pdf name.\n'),
      ),
      message: 'This file is not a PDF.',
    },
    { file: pdf('protected.pdf', await encryptedPdf()), message: 'This PDF is protected with a password.' },
    { file: pdf('broken.pdf', truncate(good)), message: 'This PDF is damaged and cannot be read.' },
    { file: pdf('empty.pdf', new Uint8Array(0)), message: 'This file is empty.' },
    { file: pdf('huge.pdf', large), message: 'This file is too large.' },
    // A megabyte that inflates to a gigabyte, and one page more than the server's MAX_PAGES (1,000).
    {
      file: pdf('bomb.pdf', makeFlateBombPdf(1024 ** 3)),
      message: 'This PDF is too complex to be read safely.',
    },
    { file: pdf('long.pdf', makeManyPagesPdf(1001)), message: 'This PDF has too many pages.' },
  ]
}
