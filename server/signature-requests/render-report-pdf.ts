import { checkedValue } from '../../contract/form-fields.ts'
import {
  type RequestEventFacts,
  requestEventFacts,
  type SigningVerification,
} from '../../contract/request-events.ts'
import type { SignatureRequestReport } from '../../contract/signature-requests.ts'
import { mutedInk as muted, startTextLayout, utcTime } from '../pdf-text-layout.ts'
import type { RequestEventType } from './record-event.ts'
import type { ReportTexts } from './report-texts.ts'

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

/**
 * The report as a PDF: A4 pages of the request (title, status, sender, times, message), its signers with
 * status and time (and the values of their fields, and who gave each), its documents with the SHA-256 of the original and of the signed version, its
 * attachments, and the audit trail with time, actor, address and details. Pages are numbered.
 */
export async function renderReportPdf(
  report: SignatureRequestReport,
  texts: ReportTexts,
): Promise<Uint8Array> {
  const { write, heading, field, finish } = await startTextLayout(`${texts.heading}: ${report.title}`)

  write(texts.heading, { font: 'bold', size: 18 })
  write(report.title, { font: 'bold', size: 13, gap: 6 })
  write(texts.generated(utcTime(report.generatedAt)), { color: muted, gap: 2 })
  heading(texts.request)
  field(texts.status, texts.statuses[report.statusOverall])
  field(texts.sender, report.ownerEmail)
  field(texts.created, utcTime(report.createdAt))
  field(texts.lastChange, utcTime(report.updatedAt))
  field(texts.requestId, report.id)
  if (report.message.trim() !== '') field(texts.message, report.message)

  heading(texts.signers(report.signers.length))
  for (const signer of report.signers) {
    write(signer.name === null ? signer.accountEmail : `${signer.name} <${signer.accountEmail}>`, {
      font: 'bold',
      gap: 4,
    })
    const quality = signer.quality === null ? '' : `, ${texts.quality(signer.quality.toUpperCase())}`
    const signed = signer.signedAt === null ? '' : `, ${texts.signed(utcTime(signer.signedAt))}`
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
    write(`${utcTime(event.createdAt)}  ${what}`, { font: 'bold', gap: 4 })
    write(texts.byFrom(event.actorEmail ?? texts.unknown, event.ip || texts.unknown), { indent: 12 })
    for (const line of eventLines(requestEventFacts(event), texts)) {
      write(line, { indent: 12, color: muted, size: 8.5 })
    }
  }

  return finish((page, pages) => `${report.title} - ${texts.pageOf(page, pages)}`)
}
