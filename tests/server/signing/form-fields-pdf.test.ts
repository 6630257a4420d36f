import { join } from 'node:path'
import { PDF, PdfNumber } from '@libpdf/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { localSigner } from '../../../server/signing/cms.ts'
import { loadOrCreatePki, type Pki } from '../../../server/signing/pki.ts'
import { signPdf } from '../../../server/signing/sign-pdf.ts'
import { createTimestampAuthority, type TimestampAuthority } from '../../../server/signing/tsa.ts'
import { testKeys } from '../keys/test-key-ring.ts'
import {
  compareRasters,
  pdfsig,
  pdftotext,
  rasterize,
  removeTemporaryDirectories,
  temporaryDirectory,
} from './pdf-tools.ts'

let dir: string
let pki: Pki
let tsa: TimestampAuthority

beforeAll(async () => {
  dir = temporaryDirectory('form-fields-pdf')
  pki = await loadOrCreatePki({ dir: join(dir, 'pki'), keys: testKeys, production: false })
  tsa = createTimestampAuthority(pki.tsa, () => new Date())
})

afterAll(removeTemporaryDirectories)

/** A one-page A4 PDF whose page is turned by `rotation`. */
async function rotatedPdf(rotation: number): Promise<Uint8Array> {
  const document = PDF.create()
  const page = document.addPage({ width: 595, height: 842 })
  page.dict.set('Rotate', PdfNumber.of(rotation))
  return document.save()
}

describe('fields besides the signature in the signed PDF', () => {
  // Boxes on the page as it is shown, from its bottom-left corner.
  const text = { x: 72, y: 100, width: 200, height: 20 }
  const checkbox = { x: 72, y: 200, width: 20, height: 20 }
  const signature = { x: 300, y: 300, width: 150, height: 70 }

  it.each([0, 90, 180, 270])(
    'draws each value inside its box on a page turned by %i degrees',
    async (rotation) => {
      const before = await rotatedPdf(rotation)
      const certificate = await pki.signatureCertificate(pki.platform)
      const signed = await signPdf(before, {
        signer: {
          name: 'Ann Example',
          email: 'ann@example.com',
          ...localSigner(certificate.der, certificate.key, certificate.chain),
        },
        tsa,
        name: 'Ann Example',
        reason: '',
        formFields: [
          { name: 'text-1', page: 0, ...text, checkbox: false, value: 'WWWWWWWW' },
          { name: 'checkbox-1', page: 0, ...checkbox, checkbox: true, value: 'true' },
        ],
        appearance: { page: 0, rect: signature },
      })
      expect((await pdfsig(dir, signed)).map((v) => v.signature)).toEqual(['Signature is Valid.'])
      expect(pdftotext(dir, signed)).toContain('WWWWWWWW')
      const drawnBefore = rasterize(dir, before, 0)
      const drawnAfter = rasterize(dir, signed, 0)
      // Dark in the signed page inside each box, and nothing changed outside them.
      expect(compareRasters(drawnAfter, drawnBefore, text).darkInside).toBeGreaterThan(10)
      expect(compareRasters(drawnAfter, drawnBefore, checkbox).darkInside).toBeGreaterThan(5)
      expect(compareRasters(drawnAfter, drawnBefore, text, checkbox, signature).changedOutside).toBe(0)
    },
  )

  it('writes values beyond WinAnsi (Greek, Cyrillic) in an embedded font', async () => {
    const certificate = await pki.signatureCertificate(pki.platform)
    const signed = await signPdf(await rotatedPdf(0), {
      signer: {
        name: 'Zoë Ξένη',
        email: 'zoe@example.com',
        ...localSigner(certificate.der, certificate.key, certificate.chain),
      },
      tsa,
      name: 'Zoë Ξένη',
      reason: '',
      formFields: [{ name: 'name-1', page: 0, ...text, checkbox: false, value: 'Zoë Ξένη Жук' }],
      appearance: { page: 0, rect: signature },
    })
    expect(pdftotext(dir, signed)).toContain('Zoë Ξένη Жук')
    expect((await pdfsig(dir, signed)).map((v) => v.signature)).toEqual(['Signature is Valid.'])
  })

  /** Signs a plain A4 page with `formFields` and a small text appearance clear of them. */
  async function signWithFields(
    formFields: NonNullable<Parameters<typeof signPdf>[1]['formFields']>,
    before?: Uint8Array,
  ) {
    const certificate = await pki.signatureCertificate(pki.platform)
    return signPdf(before ?? (await rotatedPdf(0)), {
      signer: {
        name: 'Ann Example',
        email: 'ann@example.com',
        ...localSigner(certificate.der, certificate.key, certificate.chain),
      },
      tsa,
      name: 'Ann Example',
      reason: '',
      formFields,
      appearance: { page: 0, rect: signature },
    })
  }

  const occurrences = (haystack: string, needle: string) => haystack.split(needle).length - 1

  it('puts each value in the PDF once, as a read-only form field that shows it', async () => {
    const signed = await signWithFields([
      { name: 'text-1', page: 0, ...text, checkbox: false, value: 'Flat 4, second floor' },
      { name: 'greek-1', page: 0, ...text, y: 140, checkbox: false, value: 'Ξένη Жук' },
      { name: 'checkbox-1', page: 0, ...checkbox, checkbox: true, value: 'true' },
    ])
    // What copy, search and screen readers get: each value once, not the page text and the field again.
    const words = pdftotext(dir, signed)
    expect(occurrences(words, 'Flat 4, second floor')).toBe(1)
    expect(occurrences(words, 'Ξένη Жук')).toBe(1)
    // Software that reads forms finds the values in read-only fields.
    const form = (await PDF.load(signed)).getForm()
    expect(form?.getTextField('text-1')?.getValue()).toBe('Flat 4, second floor')
    expect(form?.getTextField('text-1')?.isReadOnly()).toBe(true)
    expect(form?.getCheckbox('checkbox-1')?.isChecked()).toBe(true)
    expect((await pdfsig(dir, signed)).map((v) => v.signature)).toEqual(['Signature is Valid.'])
  })

  it('wraps a long value within its box and draws nothing outside it', async () => {
    const value = Array.from({ length: 12 }, (_, i) => `clause${i + 1} applies`).join(' ')
    const tall = { ...text, height: 60 }
    const before = await rotatedPdf(0)
    const signed = await signWithFields(
      [
        { name: 'text-1', page: 0, ...tall, checkbox: false, value },
        { name: 'text-2', page: 0, ...text, y: 400, checkbox: false, value: value.repeat(3) },
      ],
      before,
    )
    // Wrapped on more lines in the tall box, every word readable; the overflowing one is cut at its box.
    const words = pdftotext(dir, signed).split(/\s+/)
    for (const word of value.split(' ')) expect(words).toContain(word)
    expect(words.filter((w) => w === 'clause12').length).toBeGreaterThanOrEqual(1)
    const drawn = compareRasters(rasterize(dir, signed, 0), rasterize(dir, before, 0), tall, {
      ...text,
      y: 400,
    })
    expect(drawn.darkInside).toBeGreaterThan(20)
    expect(
      compareRasters(
        rasterize(dir, before, 0),
        rasterize(dir, signed, 0),
        tall,
        { ...text, y: 400 },
        signature,
      ).changedOutside,
    ).toBe(0)
    expect((await pdfsig(dir, signed)).map((v) => v.signature)).toEqual(['Signature is Valid.'])
  })
})
