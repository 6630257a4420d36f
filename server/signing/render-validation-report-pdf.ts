import { mutedInk as muted, type PageBox, startTextLayout, utcTime } from '../pdf-text-layout.ts'
import type { EtsiStatus } from './etsi-validation-report.ts'
import type { ValidationReportFacts } from './validation-report-facts.ts'
import type { ValidationReportTexts } from './validation-report-texts.ts'

/** The box of the seal's appearance: below the report's last line. */
const sealBox = { width: 240, height: 90 }

/** A validation report as a PDF, unsealed, and where its seal's appearance goes. */
export type RenderedValidationReport = { bytes: Uint8Array; seal: PageBox }

/**
 * The validation report as a PDF, laid out as the request report is (pdf-text-layout.ts): the document (SHA-256,
 * size), the validation time and overall result, then each signature and document timestamp with its signer,
 * times, quality, PAdES level, indication and sub-indication (ETSI EN 319 102-1, as the ETSI report names them)
 * and its certificate chain. Runs in a PDF worker (PageRenderer `renderValidationReport`).
 */
export async function renderValidationReportPdf(
  facts: ValidationReportFacts,
  texts: ValidationReportTexts,
): Promise<RenderedValidationReport> {
  const { write, heading, field, reserve, finish } = await startTextLayout(texts.heading)
  const indication = (status: EtsiStatus) =>
    `${texts.indications[status.main]} (${status.main.toUpperCase()})`

  write(texts.heading, { font: 'bold', size: 18 })
  write(texts.validated(utcTime(facts.validationTime)), { color: muted, gap: 4 })
  heading(texts.document)
  field(texts.sha256, facts.document.sha256)
  write(texts.size(facts.document.size))
  heading(texts.result)
  write(indication(facts.indication), { font: 'bold' })
  if (facts.indication.sub !== null) field(texts.subIndication, facts.indication.sub)

  heading(texts.signatures(facts.signatures.length))
  if (facts.signatures.length === 0) write(texts.none)
  for (const signature of facts.signatures) {
    const title = signature.documentTimestamp ? texts.documentTimestamp : texts.signature
    write(title(signature.fieldName), { font: 'bold', gap: 8 })
    const line = (label: string, value: string) => write(`${label}: ${value}`, { indent: 12 })
    const signer = signature.signer ?? texts.unknown
    line(texts.signer, signature.email === null ? signer : `${signer} <${signature.email}>`)
    if (!signature.documentTimestamp) line(texts.signingTime, utcTime(signature.signingTime))
    line(texts.provedTime, utcTime(signature.provedTime))
    if (!signature.documentTimestamp) line(texts.quality, signature.quality ?? texts.unknown)
    line(texts.level, signature.level ?? texts.unknown)
    line(texts.result, indication(signature.indication))
    if (signature.indication.sub !== null) line(texts.subIndication, signature.indication.sub)
    write(texts.trusted(signature.trusted), { indent: 12 })
    if (signature.revokedAt !== null) write(texts.revoked(utcTime(signature.revokedAt)), { indent: 12 })
    if (signature.chain.length > 0) write(`${texts.chain}:`, { indent: 12 })
    for (const certificate of signature.chain) {
      write(`${texts.roles[certificate.role]}: ${certificate.subject}`, { indent: 24 })
      const validity = texts.certificate(
        certificate.serialNumber,
        utcTime(certificate.notBefore),
        utcTime(certificate.notAfter),
      )
      write(`${texts.issuedBy(certificate.issuer)}; ${validity}`, { indent: 36, size: 8, color: muted })
    }
  }
  const seal = reserve(sealBox.width, sealBox.height)
  const bytes = await finish((page, pages) => `${texts.heading} - ${texts.pageOf(page, pages)}`)
  return { bytes, seal }
}
