import { layoutText, PDF, type PDFPage, rgb } from '@libpdf/core'
import { checkedValue } from '../../contract/form-fields.ts'
import {
  type RequestEventFacts,
  requestEventFacts,
  type SigningVerification,
} from '../../contract/request-events.ts'
import type { SignatureRequestReport } from '../../contract/signature-requests.ts'
import { embedTextFonts, printable } from '../pdf-fonts.ts'
import type { RequestEventType } from './record-event.ts'
import type { ReportTexts } from './report-texts.ts'

const margin = 56
const bodySize = 9.5
const muted = rgb(0.38, 0.4, 0.45)
const ink = rgb(0.1, 0.1, 0.12)

/**
 * What an audit trail entry says beyond what, who and when, in the words of the request page's history: the
 * subject, a signature's standard, how its signer was verified, the identification handed to the QTSP that made
 * it, and its Part 11 name and meaning, the changes.
 */
function eventLines(facts: RequestEventFacts, texts: ReportTexts): string[] {
  const lines: string[] = []
  if (facts.about !== undefined) lines.push(facts.about)
  const { signature } = facts
  if (signature !== undefined) {
    lines.push(texts.standard(signature.quality.toUpperCase(), signature.part11 !== undefined))
    if (signature.verifications.length > 0) {
      lines.push(
        texts.verifiedBy(
          signature.verifications.map((verification) =>
            // Each method's words take that method's facts.
            (
              texts.verifications[verification.method] as (
                v: SigningVerification,
                m: typeof texts.identificationModes,
              ) => string
            )(verification, texts.identificationModes),
          ),
        ),
      )
    }
    if (signature.handedToQtsp !== undefined) {
      const { reference, ...evidence } = signature.handedToQtsp
      const identification = texts.verifications.identification(
        { method: 'identification', ...evidence },
        texts.identificationModes,
      )
      lines.push(texts.handedToQtsp(identification, reference))
    }
    if (signature.part11 !== undefined)
      lines.push(texts.meaning(signature.part11.name, signature.part11.meaning))
  }
  for (const change of facts.changes ?? []) {
    const value = (text: string | null) =>
      text === null || text === '' ? texts.empty : change.field === 'quality' ? text.toUpperCase() : text
    lines.push(texts.changed(texts.fields[change.field], value(change.before), value(change.after)))
  }
  if (facts.message !== undefined) lines.push(`“${facts.message}”`)
  return lines
}

/** `2026-03-01 08:00:00 UTC`: one unambiguous time for every reader of the report. */
function utc(iso: string | null): string {
  return iso === null ? '-' : `${iso.slice(0, 19).replace('T', ' ')} UTC`
}

type Style = {
  font?: 'regular' | 'bold'
  size?: number
  indent?: number
  color?: ReturnType<typeof rgb>
  gap?: number
}

/**
 * The report as a PDF: A4 pages of the request (title, status, sender, times, message), its signers with
 * status and time (and the values of their fields, and who gave each), its documents with the SHA-256 of the original and of the signed version, its
 * attachments, and the audit trail with time, actor, address and details. Pages are numbered.
 */
export async function renderReportPdf(
  report: SignatureRequestReport,
  texts: ReportTexts,
): Promise<Uint8Array> {
  const pdf = PDF.create()
  pdf.setTitle(`${texts.heading}: ${report.title}`)
  pdf.setCreator('Signet')
  const fonts = await embedTextFonts(pdf)
  const pages: PDFPage[] = []
  let page = pdf.addPage({ size: 'a4' })
  pages.push(page)
  let y = page.height - margin
  const width = page.width - 2 * margin

  const write = (text: string, style: Style = {}) => {
    const font = fonts[style.font ?? 'regular']
    const size = style.size ?? bodySize
    const indent = style.indent ?? 0
    const lineHeight = size * 1.35
    y -= style.gap ?? 0
    for (const paragraph of text.split('\n')) {
      const { lines } = layoutText(printable(font, paragraph), font, size, width - indent, lineHeight)
      for (const line of lines.length === 0 ? [{ text: '' }] : lines) {
        if (y - lineHeight < margin) {
          page = pdf.addPage({ size: 'a4' })
          pages.push(page)
          y = page.height - margin
        }
        y -= lineHeight
        page.drawText(line.text, { x: margin + indent, y, size, font, color: style.color ?? ink })
      }
    }
  }
  const heading = (text: string) => write(text, { font: 'bold', size: 12, gap: 14 })
  const field = (label: string, value: string) => write(`${label}: ${value}`)

  write(texts.heading, { font: 'bold', size: 18 })
  write(report.title, { font: 'bold', size: 13, gap: 6 })
  write(texts.generated(utc(report.generatedAt)), { color: muted, gap: 2 })
  heading(texts.request)
  field(texts.status, texts.statuses[report.statusOverall])
  field(texts.sender, report.ownerEmail)
  field(texts.created, utc(report.createdAt))
  field(texts.lastChange, utc(report.updatedAt))
  field(texts.requestId, report.id)
  if (report.message.trim() !== '') field(texts.message, report.message)

  heading(texts.signers(report.signers.length))
  for (const signer of report.signers) {
    write(signer.name === null ? signer.accountEmail : `${signer.name} <${signer.accountEmail}>`, {
      font: 'bold',
      gap: 4,
    })
    const quality = signer.quality === null ? '' : `, ${texts.quality(signer.quality.toUpperCase())}`
    const signed = signer.signedAt === null ? '' : `, ${texts.signed(utc(signer.signedAt))}`
    write(`${texts.statuses[signer.status]}${signed}${quality}`, { indent: 12 })
    if (signer.signingName !== null && signer.signingReason !== null) {
      write(texts.meaning(signer.signingName, signer.signingReason), { indent: 12 })
    }
    for (const field of signer.formFields) {
      if (field.value === null || field.filledBy === null) continue
      const value = field.kind === 'checkbox' ? texts.checkbox(field.value === checkedValue) : field.value
      const by = texts.formValueSources[field.filledBy]
      const document = report.documents.find((d) => d.id === field.documentId)?.title ?? ''
      const kind = texts.formFieldKinds[field.kind]
      write(texts.formField(kind, document, field.page + 1, value, by), { indent: 12 })
    }
  }

  heading(texts.documents(report.documents.length))
  for (const document of report.documents) {
    write(`${document.title} (${texts.documentSize(document.pageCount, document.size)})`, {
      font: 'bold',
      gap: 4,
    })
    write(`${texts.sha256Original}: ${document.sha256}`, { indent: 12, size: 8 })
    if (document.signedSha256 !== null) {
      write(`${texts.sha256Signed}: ${document.signedSha256}`, {
        indent: 12,
        size: 8,
      })
    }
  }

  if (report.attachments.length > 0) {
    heading(texts.attachments(report.attachments.length))
    for (const attachment of report.attachments) {
      write(`${attachment.title} (${attachment.contentType}, ${texts.bytes(attachment.size)})`, {
        font: 'bold',
        gap: 4,
      })
      write(`SHA-256: ${attachment.sha256}`, { indent: 12, size: 8 })
    }
  }

  heading(texts.auditTrail(report.events.length))
  for (const event of report.events) {
    const what = texts.events[event.type as RequestEventType] ?? event.type
    write(`${utc(event.createdAt)}  ${what}`, { font: 'bold', gap: 4 })
    write(texts.byFrom(event.actorEmail ?? texts.unknown, event.ip || texts.unknown), { indent: 12 })
    for (const line of eventLines(requestEventFacts(event), texts)) {
      write(line, { indent: 12, color: muted, size: 8.5 })
    }
  }

  pages.forEach((each, index) => {
    each.drawText(printable(fonts.regular, `${report.title} - ${texts.pageOf(index + 1, pages.length)}`), {
      x: margin,
      y: margin / 2,
      size: 8,
      font: fonts.regular,
      color: muted,
    })
  })
  return pdf.save({ subsetFonts: true })
}
