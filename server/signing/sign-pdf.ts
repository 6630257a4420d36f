import { createHash } from 'node:crypto'
import {
  PDF,
  PdfArray,
  PdfDict,
  PdfName,
  PdfNumber,
  type PdfObject,
  PdfRef,
  PdfStream,
  PdfString,
} from '@libpdf/core'
import * as pkijs from 'pkijs'
import { checkedValue } from '../../contract/form-fields.ts'
import { embedTextFonts } from '../pdf-fonts.ts'
import {
  type AppearanceFont,
  drawAppearance,
  drawCheckboxAppearance,
  drawImageAppearance,
  drawTextFieldAppearance,
  embeddedAppearanceFont,
  helvetica,
  inWinAnsi,
} from './appearance.ts'
import { attribute, type CmsSigner, prepareSignedData, RawDer, signedDataDer } from './cms.ts'
import { OID } from './oids.ts'
import { SigningError } from './signing-error.ts'
import type { TimestampAuthority } from './tsa.ts'

/** A signature quality as the SPEC names it. */
export type SignatureQuality = 'ses' | 'aes' | 'qes'

/** A box on a page in PDF points, origin at the page's bottom-left corner. */
type SignatureRect = { x: number; y: number; width: number; height: number }

/**
 * Who signs and with which certificate: the platform's for ses, the signer's own for aes and qes (a QTSP's
 * through the CSC API for qes when one is configured).
 */
export type PdfSigner = CmsSigner & {
  name: string
  email: string
}

/** Options of one signature. */
export type SignPdfOptions = {
  signer: PdfSigner
  /** Timestamp authority for the signature timestamp (PAdES B-T). */
  tsa: Pick<TimestampAuthority, 'timestamp'>
  /** The signing name of the payload, written as the signature's /Name. */
  name: string
  /** The signing reason of the payload; an empty one is left out. */
  reason: string
  location?: string
  /** Quality drawn in the default appearance text. @default 'ses' */
  quality?: SignatureQuality
  /** Claimed signing time (/M); the timestamp proves the real one. @default now */
  signingTime?: Date
  /**
   * Seals for an organisation instead of a person's signature: the default appearance shows the seal's
   * image (PNG or JPEG, when it has one), its label, the organisation, the date and the seal's quality.
   */
  seal?: { label: string; organization: string; image?: Uint8Array }
  /** The signer's visual signature as a PNG (drawn by the visual signature renderer): drawn as the whole box. */
  visualSignature?: Uint8Array
  /**
   * A signature under 21 CFR Part 11, whose manifestation (11.50) the default appearance shows: the printed
   * name (`name`), the meaning (`reason`) and the date and time with its zone, a visual signature beside them.
   */
  manifestation?: boolean
  /**
   * The values of the signer's fields besides the signature, written into this signature's update as
   * read-only form fields that carry their appearance, so that the signature covers them.
   */
  formFields?: PdfFormField[]
  /** Where and what to draw; by default a 300 x 140 box low on the last page. */
  appearance?: {
    /** Zero-based page index. */
    page: number
    /**
     * Where on the page as it is shown (after its /Rotate, from the bottom-left of its visible box), in points.
     * @default { x: 36, y: 36, width: 300, height: 140 } stacked above earlier signatures
     */
    rect?: SignatureRect
    /** @default ['Signed by <name>', <date>, <quality label>]; for a seal [label, organisation, date, quality] */
    lines?: string[]
  }
}

/** A filled field besides the signature: its value in a box of a page as shown, in points. */
type PdfFormField = SignatureRect & {
  /** Unique in the document: the form field's name. */
  name: string
  /** Zero-based page index. */
  page: number
  /** A checkbox is drawn as a box, ticked with an X when its value is `true`. */
  checkbox: boolean
  value: string
}

/** Annotation flag Print, field flag ReadOnly and text field flag Multiline (PDF 32000-1, 12.5.3, 12.7). */
const printFlag = 4
const readOnlyFlag = 1
const multilineFlag = 4096
const resolve =
  (pdf: PDF): Resolve =>
  (ref) =>
    pdf.getObject(ref)

const placeholderBytes = 16_384
const contentsMarker = `C${'0'.repeat(placeholderBytes * 2)}`
const byteRangePlaceholder = 9_999_999_999
const defaultBox = { width: 300, height: 140 }
const qualityLabels: Record<SignatureQuality, string> = {
  ses: 'Simple electronic signature (SES)',
  aes: 'Advanced electronic signature (AES)',
  qes: 'Qualified electronic signature (QES)',
}
const sealQualityLabels: Record<SignatureQuality, string> = {
  ses: 'Electronic seal',
  aes: 'Advanced electronic seal (AES)',
  qes: 'Qualified electronic seal (QES)',
}
/** How a Part 11 appearance writes the signing time: to the second, with its zone (21 CFR 11.50). */
export const manifestationTime = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  timeZone: 'UTC',
  timeZoneName: 'short',
})
const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'UTC',
  timeZoneName: 'short',
})

/**
 * Signs a PDF as one incremental update (PAdES B-T: `ETSI.CAdES.detached`, SHA-256,
 * signing-certificate-v2, chain embedded, signature timestamp) with a visible appearance.
 *
 * @libpdf/core writes the update (objects, xref, trailer) but its own `sign()` always makes an
 * invisible widget and a CMS with signingTime, which PAdES forbids; so the field, widget and
 * appearance are built here through its object API and the CMS with pkijs.
 *
 * `prepare` does the part that reads the PDF; the server passes its PDF workers' (see
 * {@link preparePdfSignature}), and the CMS is made here, where the key is.
 */
export async function signPdf(
  pdfBytes: Uint8Array,
  options: SignPdfOptions,
  prepare: PrepareSignature = preparePdfSignature,
): Promise<Uint8Array> {
  return (await prepareSignedPdf(pdfBytes, options, prepare)).finish()
}

/** A PDF of {@link prepareSignedPdf} whose CMS is not yet signed. */
export type PendingPdfSignature = {
  /** What the signer will sign (see `CmsSigner.bind`). */
  signedAttributes: Uint8Array
  /** Signs, timestamps and writes the CMS into the PDF: the signed PDF. */
  finish(): Promise<Uint8Array>
}

/**
 * {@link signPdf} in two steps: the PDF's update and the CMS signed attributes first, so that a QTSP's
 * authorisation can bind the hashes of every document's signature (SCAL 2) before any is signed.
 */
export async function prepareSignedPdf(
  pdfBytes: Uint8Array,
  options: SignPdfOptions,
  prepare: PrepareSignature = preparePdfSignature,
): Promise<PendingPdfSignature> {
  const { signer, tsa, ...rest } = options
  const { bytes, contentsStart, contentsLength, digest } = await prepare(pdfBytes, {
    ...rest,
    signer: { name: signer.name, email: signer.email },
  })
  const prepared = prepareSignedData({ signer, contentType: OID.data, contentDigest: digest })
  return {
    signedAttributes: prepared.signedAttributes,
    finish: async () => {
      const signedData = await prepared.complete()
      return writeSignature(signedData, { signer, tsa, bytes, contentsStart, contentsLength })
    },
  }
}

// Timestamps the signature value and writes the CMS with its certificates into the prepared /Contents.
async function writeSignature(
  signedData: pkijs.SignedData,
  {
    signer,
    tsa,
    bytes,
    contentsStart,
    contentsLength,
  }: Pick<SignPdfOptions, 'signer' | 'tsa'> & Omit<PreparedSignature, 'digest'>,
): Promise<Uint8Array> {
  const signerInfo = signedData.signerInfos[0]
  if (!signerInfo) throw new SigningError('signing.pdf_unreadable', 'CMS has no signer')
  const signatureDigest = createHash('sha256').update(signerInfo.signature.valueBlock.valueHexView).digest()
  const token = await tsa.timestamp(new Uint8Array(signatureDigest), 'SHA-256')
  signerInfo.unsignedAttrs = new pkijs.SignedAndUnsignedAttributes({
    type: 1,
    attributes: [attribute(OID.signatureTimeStampToken, new RawDer(token).asBlock())],
  })
  const cms = signedDataDer(signedData, [signer.certificate, ...signer.chain])
  // Minus the two angle brackets, in hex digits.
  if (cms.length * 2 > contentsLength - 2) {
    throw new SigningError('signing.signature_too_large', `CMS of ${cms.length} bytes does not fit`)
  }
  writeAscii(bytes, contentsStart + 1, Buffer.from(cms).toString('hex'))
  return bytes
}

/** What a signature's PDF part needs: the options of {@link signPdf} but the signer's keys and the TSA. */
export type SignaturePlan = Omit<SignPdfOptions, 'signer' | 'tsa'> & {
  signer: Pick<PdfSigner, 'name' | 'email'>
}

/** A PDF with its signature's update appended and an empty /Contents to write the CMS into. */
export type PreparedSignature = {
  bytes: Uint8Array
  /** Offset of the `<` that opens /Contents. */
  contentsStart: number
  /** Length from `<` to `>` inclusive. */
  contentsLength: number
  /** SHA-256 of the bytes the /ByteRange covers: what the CMS signs. */
  digest: Uint8Array
}

/** Reads the PDF and appends a signature's update: in a PDF worker on the server (PageRenderer). */
export type PrepareSignature = (pdfBytes: Uint8Array, plan: SignaturePlan) => Promise<PreparedSignature>

/**
 * The PDF part of {@link signPdf}: reads the PDF, appends the signature field, its widget and appearance and
 * the signature dictionary with room for the CMS, and fills in the /ByteRange. Needs no key, so that the
 * server runs it in a worker thread, with the limits of every other reading of a user's PDF.
 */
export async function preparePdfSignature(
  pdfBytes: Uint8Array,
  options: SignaturePlan,
): Promise<PreparedSignature> {
  const pdf = await load(pdfBytes)
  const blocker = pdf.canSaveIncrementally()
  if (blocker) {
    throw new SigningError('signing.incremental_update_impossible', `cannot append: ${blocker}`)
  }
  const signingTime = options.signingTime ?? new Date()
  const form = pdf.getOrCreateForm()
  const formFields = options.formFields ?? []
  const seal = options.seal
  // A signer's visual signature is drawn as its image alone; the other appearances write lines of text.
  const imageOnly = !seal && options.visualSignature !== undefined && !options.manifestation
  const lines = imageOnly ? [] : appearanceLines(options, signingTime)
  // Helvetica writes WinAnsi only: names and values beyond it (Greek, Cyrillic) take an embedded font,
  // subset to the glyphs they use when the update is saved.
  const embedded = [...lines, ...formFields.map((field) => field.value)].every(inWinAnsi)
    ? undefined
    : (await embedTextFonts(pdf)).regular
  let helveticaRef: PdfRef | undefined
  const fonts = (needed: string[]): { font: AppearanceFont; ref: PdfRef } => {
    if (embedded && !needed.every(inWinAnsi))
      return { font: embeddedAppearanceFont(embedded), ref: embedded.ref }
    helveticaRef ??= pdf.register(
      PdfDict.of({
        Type: PdfName.of('Font'),
        Subtype: PdfName.of('Type1'),
        BaseFont: PdfName.of('Helvetica'),
        Encoding: PdfName.of('WinAnsiEncoding'),
      }),
    )
    return { font: helvetica, ref: helveticaRef }
  }
  for (const field of formFields) writeFormField(pdf, form, field, fonts([field.value]))
  const existingNames = new Set(form.getFieldNames())
  const signatureCount = form.getFields().filter((field) => field.type === 'signature').length
  const pageIndex = options.appearance?.page ?? pdf.getPageCount() - 1
  const page = pdf.getPage(pageIndex)
  if (!page) {
    throw new SigningError('signing.page_out_of_range', `page ${pageIndex} does not exist`)
  }
  const rect = options.appearance?.rect ?? defaultRect(page.height, signatureCount)

  const signatureDict = PdfDict.of({
    Type: PdfName.of('Sig'),
    Filter: PdfName.of('Adobe.PPKLite'),
    SubFilter: PdfName.of('ETSI.CAdES.detached'),
    ByteRange: new PdfArray(
      [0, byteRangePlaceholder, byteRangePlaceholder, byteRangePlaceholder].map((n) => PdfNumber.of(n)),
    ),
    // A name as long as the hex string it stands for: names are never encrypted, and in an encrypted PDF
    // (one with only a permissions password) the signature's /Contents must not be either.
    Contents: PdfName.of(contentsMarker),
    M: PdfString.fromString(pdfDate(signingTime)),
    Name: PdfString.fromString(options.name),
    ContactInfo: PdfString.fromString(options.signer.email),
  })
  if (options.reason) signatureDict.set('Reason', PdfString.fromString(options.reason))
  if (options.location) signatureDict.set('Location', PdfString.fromString(options.location))
  const signatureRef = pdf.register(signatureDict)

  // The seal's image was redrawn by the server when it was uploaded, so it embeds as it is.
  const visual = !seal && options.visualSignature ? pdf.embedImage(options.visualSignature) : undefined
  const image = visual ?? (seal?.image ? pdf.embedImage(seal.image) : undefined)
  const text = imageOnly ? undefined : fonts(lines)
  const drawing =
    visual && text === undefined
      ? drawImageAppearance(rect.width, rect.height, visual)
      : drawAppearance(rect.width, rect.height, lines, image, text?.font)
  const placed = onPage(
    rect,
    visibleBox(page.dict, (ref) => pdf.getObject(ref)),
    page.rotation,
  )
  const appearanceRef = pdf.register(
    PdfStream.fromDict(
      {
        Type: PdfName.of('XObject'),
        Subtype: PdfName.of('Form'),
        BBox: numbers([0, 0, rect.width, rect.height]),
        ...(placed.matrix ? { Matrix: numbers(placed.matrix) } : {}),
        Resources: PdfDict.of({
          ...(text ? { Font: PdfDict.of({ [drawing.fontResource]: text.ref }) } : {}),
          ...(image && drawing.imageResource
            ? { XObject: PdfDict.of({ [drawing.imageResource]: image.ref }) }
            : {}),
        }),
      },
      drawing.content,
    ),
  )

  // A merged field + widget, as Acrobat writes signature fields: one object, listed in the form's
  // /Fields and the page's /Annots.
  const field = form.createSignatureField(uniqueName(existingNames))
  const widget = field.getDict()
  widget.delete('Kids')
  widget.set('Type', PdfName.of('Annot'))
  widget.set('Subtype', PdfName.of('Widget'))
  widget.set('F', PdfNumber.of(4))
  widget.set('P', page.ref)
  widget.set('Rect', numbers(placed.rect))
  widget.set('V', signatureRef)
  widget.set('AP', PdfDict.of({ N: appearanceRef }))
  const widgetRef = form.getField(field.name)?.getRef() ?? null
  if (!widgetRef) throw new SigningError('signing.pdf_unreadable', 'signature field has no reference')
  const annots = page.dict.getArray('Annots', (ref) => pdf.getObject(ref))
  if (annots) annots.push(widgetRef)
  else page.dict.set('Annots', new PdfArray([widgetRef]))

  const bytes = await pdf.save({ incremental: true, ...(embedded ? { subsetFonts: true } : {}) })
  const placeholder = findPlaceholder(bytes, pdfBytes.length)
  const contentsEnd = placeholder.contentsStart + placeholder.contentsLength
  const byteRange = [0, placeholder.contentsStart, contentsEnd, bytes.length - contentsEnd]
  writeAscii(bytes, placeholder.byteRangeStart, byteRangeText(byteRange, placeholder.byteRangeLength))

  const digest = createHash('sha256')
    .update(bytes.subarray(0, placeholder.contentsStart))
    .update(bytes.subarray(contentsEnd))
    .digest()
  return {
    bytes,
    contentsStart: placeholder.contentsStart,
    contentsLength: placeholder.contentsLength,
    digest: new Uint8Array(digest),
  }
}

/** The lines of a text appearance: as given, or who signed (or sealed), when and at which quality. */
function appearanceLines(options: SignaturePlan, signingTime: Date): string[] {
  const seal = options.seal
  if (options.appearance?.lines) return options.appearance.lines
  if (options.manifestation && !seal)
    return [
      `Signed by ${options.name}`,
      `Meaning: ${options.reason}`,
      manifestationTime.format(signingTime),
      `${qualityLabels[options.quality ?? 'ses']}, 21 CFR Part 11`,
    ]
  if (seal)
    return [
      seal.label,
      ...(seal.organization === seal.label ? [] : [seal.organization]),
      dateFormat.format(signingTime),
      sealQualityLabels[options.quality ?? 'aes'],
    ]
  return [
    `Signed by ${options.signer.name}`,
    dateFormat.format(signingTime),
    qualityLabels[options.quality ?? 'ses'],
  ]
}

/**
 * Writes one field's value as a read-only form field (a merged field and widget) whose appearance shows it:
 * a text wrapped and clipped within its box, a checkbox as a box crossed when ticked. The value is in the
 * PDF once: page text besides it made pdftotext, copy and screen readers find every value twice, since a
 * viewer draws a field without an appearance of its own from its value too. Poppler (pdftotext, pdftoppm),
 * pdf.js and Acrobat all show and extract a widget's appearance.
 */
function writeFormField(
  pdf: PDF,
  form: ReturnType<PDF['getOrCreateForm']>,
  field: PdfFormField,
  { font, ref: fontRef }: { font: AppearanceFont; ref: PdfRef },
): void {
  const page = pdf.getPage(field.page)
  if (!page) throw new SigningError('signing.page_out_of_range', `page ${field.page} does not exist`)
  const { width, height } = field
  // The appearance is drawn upright in the box as shown: its /Matrix turns it by the page's /Rotate.
  const placed = onPage(field, visibleBox(page.dict, resolve(pdf)), page.rotation)
  const appearance = (content: Uint8Array, resources?: PdfDict) =>
    pdf.register(
      PdfStream.fromDict(
        {
          Type: PdfName.of('XObject'),
          Subtype: PdfName.of('Form'),
          BBox: numbers([0, 0, width, height]),
          ...(placed.matrix ? { Matrix: numbers(placed.matrix) } : {}),
          Resources: resources ?? new PdfDict(),
        },
        content,
      ),
    )
  const checked = field.value === checkedValue
  const formField = field.checkbox
    ? form.createCheckbox(field.name, { defaultChecked: checked })
    : form.createTextField(field.name, { defaultValue: field.value })
  const widget = formField.getDict()
  widget.delete('Kids')
  widget.set('Type', PdfName.of('Annot'))
  widget.set('Subtype', PdfName.of('Widget'))
  widget.set('F', PdfNumber.of(printFlag))
  widget.set('P', page.ref)
  widget.set('Rect', numbers(placed.rect))
  if (field.checkbox) {
    widget.set('Ff', PdfNumber.of(readOnlyFlag))
    widget.set('V', PdfName.of(checked ? 'Yes' : 'Off'))
    widget.set('AS', PdfName.of(checked ? 'Yes' : 'Off'))
    widget.set(
      'AP',
      PdfDict.of({
        N: PdfDict.of({
          Yes: appearance(drawCheckboxAppearance(width, height, true)),
          Off: appearance(drawCheckboxAppearance(width, height, false)),
        }),
      }),
    )
  } else {
    const drawing = drawTextFieldAppearance(width, height, field.value, font)
    widget.set('Ff', PdfNumber.of(readOnlyFlag | multilineFlag))
    widget.set('V', PdfString.fromString(field.value))
    widget.set(
      'DA',
      PdfString.fromString(`/${drawing.fontResource} ${Number(drawing.fontSize.toFixed(2))} Tf 0 g`),
    )
    widget.set(
      'AP',
      PdfDict.of({
        N: appearance(drawing.content, PdfDict.of({ Font: PdfDict.of({ [drawing.fontResource]: fontRef }) })),
      }),
    )
  }
  const widgetRef = formField.getRef()
  if (!widgetRef) throw new SigningError('signing.pdf_unreadable', 'form field has no reference')
  const annots = page.dict.getArray('Annots', resolve(pdf))
  if (annots) annots.push(widgetRef)
  else page.dict.set('Annots', new PdfArray([widgetRef]))
}

async function load(pdfBytes: Uint8Array): Promise<PDF> {
  let pdf: PDF
  try {
    pdf = await PDF.load(pdfBytes)
  } catch (error) {
    throw new SigningError('signing.pdf_unreadable', String(error))
  }
  // An encrypted PDF that opens without a password has a permissions password only: it is signed.
  if (pdf.isEncrypted && !pdf.isAuthenticated)
    throw new SigningError('signing.pdf_encrypted', 'the PDF needs a password to open')
  return pdf
}

/**
 * A box on the page as it is shown, in the page's own space: its /Rect (from the visible box's corner, turned
 * back by the page's /Rotate) and the /Matrix that turns the appearance so it reads upright when shown.
 */
function onPage(
  shown: SignatureRect,
  box: { x: number; y: number; width: number; height: number },
  rotation: 0 | 90 | 180 | 270,
): { rect: [number, number, number, number]; matrix?: number[] } {
  const { x, y, width, height } = shown
  // Corners in the unturned page, from the visible box's bottom-left.
  const [left, bottom, right, top, matrix] =
    rotation === 90
      ? [box.width - y - height, x, box.width - y, x + width, [0, 1, -1, 0, 0, 0]]
      : rotation === 180
        ? [
            box.width - x - width,
            box.height - y - height,
            box.width - x,
            box.height - y,
            [-1, 0, 0, -1, 0, 0],
          ]
        : rotation === 270
          ? [y, box.height - x - width, y + height, box.height - x, [0, -1, 1, 0, 0, 0]]
          : [x, y, x + width, y + height, undefined]
  return { rect: [box.x + left, box.y + bottom, box.x + right, box.y + top], ...(matrix ? { matrix } : {}) }
}

type Resolve = (ref: PdfRef) => PdfObject | null

/**
 * The part of the page a viewer shows (its crop box within its media box, both inheritable from the page
 * tree), as pdf.js and pdftoppm take it. Read here because @libpdf/core 0.4's getCropBox answers the upper
 * corner as width and height.
 */
function visibleBox(pageDict: PdfDict, resolve: Resolve) {
  const inherited = (name: string): number[] | undefined => {
    for (let node: PdfDict | undefined = pageDict; node; node = node.getDict('Parent', resolve)) {
      const values = node
        .getArray(name, resolve)
        ?.toArray()
        .map((item) => {
          const value = item instanceof PdfRef ? resolve(item) : item
          return value instanceof PdfNumber ? value.value : Number.NaN
        })
      if (values && values.length >= 4 && values.every(Number.isFinite)) return values
    }
    return undefined
  }
  const [mx1 = 0, my1 = 0, mx2 = 612, my2 = 792] = inherited('MediaBox') ?? []
  const [cx1 = mx1, cy1 = my1, cx2 = mx2, cy2 = my2] = inherited('CropBox') ?? []
  const left = Math.max(Math.min(mx1, mx2), Math.min(cx1, cx2))
  const bottom = Math.max(Math.min(my1, my2), Math.min(cy1, cy2))
  const right = Math.min(Math.max(mx1, mx2), Math.max(cx1, cx2))
  const top = Math.min(Math.max(my1, my2), Math.max(cy1, cy2))
  return { x: left, y: bottom, width: right - left, height: top - bottom }
}

// Successive default signatures stack upwards instead of covering each other.
function defaultRect(pageHeight: number, earlierSignatures: number): SignatureRect {
  const step = defaultBox.height + 10
  const rows = Math.max(Math.floor((pageHeight - 72) / step), 1)
  return { x: 36, y: 36 + (earlierSignatures % rows) * step, ...defaultBox }
}

function uniqueName(existing: Set<string>): string {
  let index = existing.size + 1
  while (existing.has(`Signature${index}`)) index++
  return `Signature${index}`
}

function numbers(values: number[]): PdfArray {
  return new PdfArray(values.map((value) => PdfNumber.of(value)))
}

type Placeholder = {
  byteRangeStart: number
  byteRangeLength: number
  /** Offset of the `<` that opens /Contents. */
  contentsStart: number
  /** Length from `<` to `>` inclusive. */
  contentsLength: number
}

// Searched only in the bytes this update appended, so earlier signatures' dictionaries never match.
function findPlaceholder(bytes: Uint8Array, from: number): Placeholder {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1')
  const hex = `<${'0'.repeat(placeholderBytes * 2)}>`
  const contentsStart = text.indexOf(`/${contentsMarker}`, from)
  // The marker becomes the empty hex string the signature is written into, byte for byte as long.
  if (contentsStart >= 0) writeAscii(bytes, contentsStart, hex)
  const byteRangeKey = text.indexOf(`/ByteRange`, from)
  const byteRangeStart = text.indexOf('[', byteRangeKey)
  const byteRangeEnd = text.indexOf(']', byteRangeStart)
  if (contentsStart < 0 || byteRangeKey < 0 || byteRangeStart < 0 || byteRangeEnd < 0) {
    throw new SigningError('signing.pdf_unreadable', 'signature placeholder not found')
  }
  return {
    byteRangeStart,
    byteRangeLength: byteRangeEnd - byteRangeStart + 1,
    contentsStart,
    contentsLength: hex.length,
  }
}

function byteRangeText(values: number[], length: number): string {
  return `${`[${values.join(' ')}`.padEnd(length - 1, ' ')}]`
}

function writeAscii(bytes: Uint8Array, offset: number, text: string): void {
  bytes.set(Buffer.from(text, 'latin1'), offset)
}

function pdfDate(date: Date): string {
  const iso = date.toISOString()
  return `D:${iso.slice(0, 19).replace(/[-:T]/g, '')}Z`
}
