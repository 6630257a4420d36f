import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { PDF, PdfArray, PdfDict, PdfNumber, PdfRef, PdfStream } from '@libpdf/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { localSigner } from '../../../server/signing/cms.ts'
import { loadOrCreatePki, type Pki } from '../../../server/signing/pki.ts'
import { type PdfSigner, signPdf } from '../../../server/signing/sign-pdf.ts'
import { createTimestampAuthority, type TimestampAuthority } from '../../../server/signing/tsa.ts'
import { validatePdf } from '../../../server/signing/validate-pdf.ts'
import { testKeys } from '../keys/test-key-ring.ts'
import {
  compareRasters,
  makePdf,
  pdfsig,
  pdftotext,
  qpdfCheck,
  rasterize,
  removeTemporaryDirectories,
  temporaryDirectory,
  trustStore,
} from './pdf-tools.ts'

afterAll(removeTemporaryDirectories)

let dir: string
let pki: Pki
let tsa: TimestampAuthority
let nssDir: string

beforeAll(async () => {
  dir = temporaryDirectory('sign')
  pki = await loadOrCreatePki({ dir: join(dir, 'pki'), keys: testKeys, production: false })
  tsa = createTimestampAuthority(pki.tsa, () => new Date())
  nssDir = trustStore(dir, await pki.caPem())
})

async function simpleSigner(name: string, email: string): Promise<PdfSigner> {
  const certificate = await pki.signatureCertificate(pki.platform)
  return { name, email, ...localSigner(certificate.der, certificate.key, certificate.chain) }
}

// The signature widget listed in the page's /Annots: its box and its appearance's content.
async function visibleWidget(bytes: Uint8Array, pageIndex: number) {
  const pdf = await PDF.load(bytes)
  const resolve = (ref: PdfRef) => pdf.getObject(ref)
  const annots = pdf.getPage(pageIndex)?.dict.getArray('Annots', resolve)
  const widget = annots?.at(0) instanceof PdfRef ? pdf.getObject(annots.at(0) as PdfRef) : null
  if (!(widget instanceof PdfDict)) throw new Error('no widget on the page')
  const rect = widget.getArray('Rect', resolve)
  const appearance = widget.getDict('AP', resolve)?.get('N', resolve)
  if (!(appearance instanceof PdfStream)) throw new Error('no appearance stream')
  return {
    rect: rect ? [...rect].map((item) => (item instanceof PdfNumber ? item.value : Number.NaN)) : [],
    text: Buffer.from(appearance.getDecodedData()).toString('latin1'),
  }
}

async function signAs(bytes: Uint8Array, name: string): Promise<Uint8Array> {
  return signPdf(bytes, {
    signer: await simpleSigner(name, `${name.toLowerCase()}@example.com`),
    tsa,
    name,
    reason: 'I approve this contract',
  })
}

describe('signPdf', () => {
  it('produces a signature pdfsig accepts and, with the platform CA trusted, trusts', async () => {
    const original = await makePdf(3)
    const signed = await signAs(original, 'Ann')

    // An incremental update: the original bytes are untouched at the start of the file.
    expect(Buffer.from(signed.subarray(0, original.length)).equals(Buffer.from(original))).toBe(true)
    expect(await pdfsig(dir, signed)).toEqual([
      { signature: 'Signature is Valid.', certificate: "Certificate issuer isn't Trusted." },
    ])
    expect(await pdfsig(dir, signed, nssDir)).toEqual([
      { signature: 'Signature is Valid.', certificate: 'Certificate is Trusted.' },
    ])
    const check = qpdfCheck(dir, signed)
    expect(check.status).toBe(0)
    expect(check.output).toContain('No syntax or stream encoding errors found')
  })

  it('shows a Part 11 signature’s printed name, meaning and time with its zone on the page (11.50)', async () => {
    const signed = await signPdf(await makePdf(1), {
      signer: await simpleSigner('Ada Lovelace', 'ada@example.com'),
      tsa,
      name: 'Dr. Ada Lovelace',
      reason: 'Approved for release',
      signingTime: new Date('2026-03-01T08:05:09Z'),
      manifestation: true,
      appearance: { page: 0, rect: { x: 36, y: 36, width: 200, height: 60 } },
    })
    const { text } = await visibleWidget(signed, 0)
    for (const line of [
      'Signed by Dr. Ada Lovelace',
      'Meaning: Approved for release',
      '1 Mar 2026, 08:05:09 UTC',
      'Simple electronic signature \\(SES\\), 21 CFR Part 11',
    ]) {
      expect(text).toContain(`(${line}) Tj`)
    }
    expect((await pdfsig(dir, signed, nssDir)).map((verdict) => verdict.signature)).toEqual([
      'Signature is Valid.',
    ])
  })

  it('keeps every earlier signature valid across three successive signatures', async () => {
    let bytes = await makePdf(2)
    for (const name of ['Ann', 'Bo', 'Cy']) bytes = await signAs(bytes, name)

    expect(await pdfsig(dir, bytes, nssDir)).toEqual(
      Array.from({ length: 3 }, () => ({
        signature: 'Signature is Valid.',
        certificate: 'Certificate is Trusted.',
      })),
    )
    expect(qpdfCheck(dir, bytes).status).toBe(0)
    const report = await validatePdf(bytes, { trustedRoots: [pki.root.der] })
    if (report.status !== 'ok') throw new Error('unreadable')
    expect(report.signatures.map((signature) => [signature.signingName, signature.intact])).toEqual([
      ['Ann', true],
      ['Bo', true],
      ['Cy', true],
    ])
    expect(report.signatures.map((signature) => signature.changedAfter)).toEqual([false, false, false])
  })

  it('signs with a per-signer certificate that says it is a demo certificate', async () => {
    const issued = await pki.issueSignerCertificate({
      name: 'Dee Advanced',
      email: 'dee@example.com',
      quality: 'aes',
    })
    const signed = await signPdf(await makePdf(1), {
      signer: {
        name: 'Dee Advanced',
        email: 'dee@example.com',
        ...localSigner(issued.der, issued.key, issued.chain),
      },
      tsa,
      name: 'Dee Advanced',
      reason: 'Advanced signature',
      quality: 'aes',
      appearance: { page: 0, rect: { x: 250, y: 400, width: 300, height: 140 } },
    })
    expect(await pdfsig(dir, signed, nssDir)).toEqual([
      { signature: 'Signature is Valid.', certificate: 'Certificate is Trusted.' },
    ])
    const widget = await visibleWidget(signed, 0)
    expect(widget.rect).toEqual([250, 400, 550, 540])
    expect(widget.text).toContain('(Signed by Dee Advanced) Tj')
    expect(widget.text).toContain('(Advanced electronic signature \\(AES\\)) Tj')

    const report = await validatePdf(signed, { trustedRoots: [pki.root.der] })
    if (report.status !== 'ok') throw new Error('unreadable')
    const [signature] = report.signatures
    expect(signature?.signer?.commonName).toBe('Dee Advanced')
    expect(signature?.signer?.organizationalUnit).toContain('DEMO')
    expect(signature?.quality).toBe('aes')
    expect(signature?.demo).toBe(true)
  })

  it('lets pdfsig and validatePdf both see one flipped byte inside the signed range', async () => {
    const signed = await signAs(await makePdf(2), 'Ann')
    const damaged = Uint8Array.from(signed)
    // A digit of the original modification date: inside the first signed range, still a valid PDF.
    const at = Buffer.from(damaged).indexOf('/ModDate (D:') + '/ModDate (D:'.length + 3
    expect(at).toBeGreaterThan(20)
    damaged[at] = damaged[at] === 0x31 ? 0x32 : 0x31

    const [verdict] = await pdfsig(dir, damaged, nssDir)
    expect(verdict?.signature).not.toBe('Signature is Valid.')
    expect(verdict?.signature).toMatch(/Digest Mismatch|Invalid/i)
    const report = await validatePdf(damaged, { trustedRoots: [pki.root.der] })
    if (report.status !== 'ok') throw new Error('unreadable')
    expect(report.signatures[0]?.intact).toBe(false)
    expect(report.signatures[0]?.problems).toContain('signature.digest_mismatch')
  })

  it('signs a PDF written with object and cross-reference streams', async () => {
    // @libpdf/core writes no object streams: qpdf packs a plain PDF into them.
    const plain = join(dir, 'plain.pdf')
    const packed = join(dir, 'object-streams.pdf')
    writeFileSync(plain, await makePdf(1))
    execFileSync('qpdf', ['--object-streams=generate', plain, packed])
    const compact = new Uint8Array(readFileSync(packed))
    expect(Buffer.from(compact).includes('/ObjStm')).toBe(true)
    const signed = await signAs(await signAs(compact, 'Ann'), 'Bo')
    expect(await pdfsig(dir, signed, nssDir)).toEqual(
      Array.from({ length: 2 }, () => ({
        signature: 'Signature is Valid.',
        certificate: 'Certificate is Trusted.',
      })),
    )
    expect(qpdfCheck(dir, signed).status).toBe(0)
  })

  it('signs a PDF protected only by a permissions (owner) password, twice', async () => {
    const plain = join(dir, 'owner-plain.pdf')
    const protectedFile = join(dir, 'owner-protected.pdf')
    writeFileSync(plain, await makePdf(1))
    execFileSync('qpdf', [
      '--encrypt',
      '',
      'owner-secret',
      '256',
      '--modify=none',
      '--',
      plain,
      protectedFile,
    ])
    const signed = await signAs(await signAs(new Uint8Array(readFileSync(protectedFile)), 'Ann'), 'Bo')
    expect(await pdfsig(dir, signed, nssDir)).toEqual(
      Array.from({ length: 2 }, () => ({
        signature: 'Signature is Valid.',
        certificate: 'Certificate is Trusted.',
      })),
    )
    expect(qpdfCheck(dir, signed).status).toBe(0)
    const report = await validatePdf(signed, { trustedRoots: [pki.root.der] })
    if (report.status !== 'ok') throw new Error('unreadable')
    expect(report.signatures.map((s) => [s.signingName, s.intact])).toEqual([
      ['Ann', true],
      ['Bo', true],
    ])
  })

  it.each([90, 180, 270] as const)(
    'draws a placed signature where it shows on a page turned by %i°, its visible box off the corner',
    async (turn) => {
      const document = PDF.create()
      const page = document.addPage({ width: 595, height: 842 })
      page.drawText('Turned page', { x: 60, y: 700, size: 24 })
      page.dict.set('CropBox', PdfArray.of(...[20, 30, 560, 810].map((value) => PdfNumber.of(value))))
      page.setRotation(turn)
      const unsigned = await document.save()
      // In points on the page as it is shown, from its bottom-left: 540x780, or 780x540 when on its side.
      const field = { x: 120, y: 90, width: 150, height: 70 }
      const signed = await signPdf(unsigned, {
        signer: await simpleSigner('Ann', 'ann@example.com'),
        tsa,
        name: 'Ann',
        reason: 'I approve',
        appearance: { page: 0, rect: field },
      })
      const before = rasterize(dir, unsigned, 0)
      const after = rasterize(dir, signed, 0)
      expect([after.width, after.height]).toEqual([before.width, before.height])
      // The signature is drawn, all of it inside the field.
      expect(compareRasters(before, after).changedOutside).toBeGreaterThan(20)
      expect(compareRasters(before, after, field).changedOutside).toBe(0)
      expect((await pdfsig(dir, signed, nssDir)).map((v) => v.signature)).toEqual(['Signature is Valid.'])
    },
  )

  it('refuses a page that does not exist with a stable code', async () => {
    await expect(
      signPdf(await makePdf(1), {
        signer: await simpleSigner('Ann', 'ann@example.com'),
        tsa,
        name: 'Ann',
        reason: 'r',
        appearance: { page: 3 },
      }),
    ).rejects.toMatchObject({ code: 'signing.page_out_of_range' })
    await expect(
      signPdf(new TextEncoder().encode('not a pdf'), {
        signer: await simpleSigner('Ann', 'ann@example.com'),
        tsa,
        name: 'Ann',
        reason: 'r',
      }),
    ).rejects.toMatchObject({ code: 'signing.pdf_unreadable' })
  })

  /** The font sizes (`Tf`) and the lines (`Tj`) of the page's signature appearance. */
  async function appearanceText(bytes: Uint8Array) {
    const { text } = await visibleWidget(bytes, 0)
    return {
      sizes: [...text.matchAll(/([\d.]+) Tf/g)].map((match) => Number(match[1])),
      lines: text.match(/ Tj/g)?.length ?? 0,
    }
  }

  /** The font of the page's signature appearance: its name and the size of its embedded program. */
  async function appearanceFont(bytes: Uint8Array) {
    const pdf = await PDF.load(bytes)
    const resolve = (ref: PdfRef) => pdf.getObject(ref)
    const annots = pdf.getPage(0)?.dict.getArray('Annots', resolve)
    const widget = pdf.getObject(annots?.at(0) as PdfRef)
    const appearance = widget instanceof PdfDict ? widget.getDict('AP', resolve)?.get('N', resolve) : null
    if (!(appearance instanceof PdfStream)) throw new Error('no appearance stream')
    const fonts = appearance.getDict('Resources', resolve)?.getDict('Font', resolve)
    const font = fonts?.getDict('F1', resolve)
    const descendant = font?.getArray('DescendantFonts', resolve)?.at(0)
    const cidFont = descendant instanceof PdfRef ? pdf.getObject(descendant) : descendant
    const descriptor = cidFont instanceof PdfDict ? cidFont.getDict('FontDescriptor', resolve) : undefined
    const program = descriptor?.get('FontFile2', resolve)
    return {
      baseFont: font?.getName('BaseFont')?.value,
      programBytes: program instanceof PdfStream ? program.getDecodedData().length : 0,
    }
  }

  it('wraps a long name onto more lines, never smaller than 6 pt, every word on the page', async () => {
    const name = 'Maximiliane Bartholomea Hohenzollern-Sigmaringen von Wolfeschlegelsteinhausen und Oberndorf'
    const signed = await signPdf(await makePdf(1), {
      signer: await simpleSigner(name, 'max@example.com'),
      tsa,
      name,
      reason: 'r',
      appearance: { page: 0, rect: { x: 36, y: 36, width: 200, height: 60 } },
    })
    const { sizes, lines } = await appearanceText(signed)
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(6)
    expect(lines).toBeGreaterThan(3)
    const words = pdftotext(dir, signed).split(/\s+/)
    for (const word of `Signed by ${name}`.split(' ')) expect(words).toContain(word)
    expect(pdftotext(dir, signed)).not.toContain('…')
    expect((await pdfsig(dir, signed, nssDir)).map((v) => v.signature)).toEqual(['Signature is Valid.'])
  })

  it('cuts with an ellipsis only what does not fit at 6 pt on as many lines as the box holds', async () => {
    const name = Array.from({ length: 30 }, (_, i) => `Name${i + 1}`).join(' ')
    const signed = await signPdf(await makePdf(1), {
      signer: await simpleSigner(name, 'long@example.com'),
      tsa,
      name,
      reason: 'r',
      appearance: { page: 0, rect: { x: 36, y: 36, width: 100, height: 40 } },
    })
    const { sizes } = await appearanceText(signed)
    expect(sizes).toEqual([6])
    const shown = pdftotext(dir, signed).trim()
    expect(shown).toContain('Signed by Name1')
    expect(shown).toMatch(/…$/)
    expect((await pdfsig(dir, signed, nssDir)).map((v) => v.signature)).toEqual(['Signature is Valid.'])
  })

  it('writes a Greek or Cyrillic name in the appearance, in an embedded subset font', async () => {
    for (const name of ['Σωκράτης Παπαδόπουλος', 'Фёдор Достоевский']) {
      const signed = await signAs(await makePdf(1), name)
      const shown = pdftotext(dir, signed)
      expect(shown.split(`Signed by ${name}`).length - 1, name).toBe(1)
      // The appearance's font is embedded as a subset (its name carries a tag): the update stays small.
      const font = await appearanceFont(signed)
      expect(font.baseFont).toMatch(/^[A-Z]{6}\+LiberationSans$/)
      expect(font.programBytes).toBeGreaterThan(0)
      expect(font.programBytes).toBeLessThan(40_000)
      expect((await pdfsig(dir, signed, nssDir)).map((v) => v.signature)).toEqual(['Signature is Valid.'])
    }
  })
})
