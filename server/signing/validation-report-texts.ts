import type { MailLocale } from '../mail/mail-locale.ts'
import type { EtsiStatus } from './etsi-validation-report.ts'
import type { ReportedCertificate } from './validation-report-facts.ts'

/** The words of the PDF validation report, in one language. */
export type ValidationReportTexts = {
  heading: string
  validated: (time: string) => string
  document: string
  sha256: string
  size: (bytes: number) => string
  result: string
  /** ETSI EN 319 102-1's main indications, as a reader reads them; the indication's own name follows. */
  indications: Record<EtsiStatus['main'], string>
  subIndication: string
  signatures: (count: number) => string
  none: string
  signature: (field: string) => string
  documentTimestamp: (field: string) => string
  signer: string
  signingTime: string
  provedTime: string
  quality: string
  unknown: string
  level: string
  trusted: (trusted: boolean) => string
  revoked: (time: string) => string
  chain: string
  roles: Record<ReportedCertificate['role'], string>
  certificate: (serial: string, from: string, to: string) => string
  issuedBy: (issuer: string) => string
  /** The seal's label in its appearance, and the reason its signature gives. */
  sealLabel: string
  sealReason: string
  pageOf: (page: number, pages: number) => string
}

/** The PDF validation report's words in each language of the app (SPEC §9); the language is the reader's. */
export const validationReportTexts: Record<MailLocale, ValidationReportTexts> = {
  'en-gb': {
    heading: 'Signature validation report',
    validated: (time) => `Validated ${time}`,
    document: 'Document',
    sha256: 'SHA-256',
    size: (bytes) => `${bytes} bytes`,
    result: 'Result',
    indications: {
      'total-passed': 'Valid',
      'total-failed': 'Invalid',
      indeterminate: 'Indeterminate',
    },
    subIndication: 'Reason',
    signatures: (count) => `Signatures (${count})`,
    none: 'The document has no signature.',
    signature: (field) => `Signature ${field}`,
    documentTimestamp: (field) => `Document timestamp ${field}`,
    signer: 'Signer',
    signingTime: 'Signing time (claimed)',
    provedTime: 'Time proved by timestamp',
    quality: 'Quality',
    unknown: 'unknown',
    level: 'PAdES level',
    trusted: (trusted) =>
      trusted ? 'The certificate chain leads to a trusted root' : 'No chain to a trusted root',
    revoked: (time) => `Certificate revoked ${time}`,
    chain: 'Certificate chain',
    roles: { signing: 'Signing certificate', intermediate: 'Intermediate', anchor: 'Trust anchor' },
    certificate: (serial, from, to) => `serial ${serial}, valid ${from} to ${to}`,
    issuedBy: (issuer) => `issued by ${issuer}`,
    sealLabel: 'Validation report',
    sealReason: 'Signet validation report',
    pageOf: (page, pages) => `Page ${page} of ${pages}`,
  },
  'de-ch': {
    heading: 'Validierungsbericht der Signaturen',
    validated: (time) => `Validiert ${time}`,
    document: 'Dokument',
    sha256: 'SHA-256',
    size: (bytes) => `${bytes} Bytes`,
    result: 'Ergebnis',
    indications: {
      'total-passed': 'Gültig',
      'total-failed': 'Ungültig',
      indeterminate: 'Unbestimmt',
    },
    subIndication: 'Grund',
    signatures: (count) => `Signaturen (${count})`,
    none: 'Das Dokument hat keine Signatur.',
    signature: (field) => `Signatur ${field}`,
    documentTimestamp: (field) => `Dokument-Zeitstempel ${field}`,
    signer: 'Unterzeichnende Person',
    signingTime: 'Signaturzeit (angegeben)',
    provedTime: 'Durch Zeitstempel belegte Zeit',
    quality: 'Qualität',
    unknown: 'unbekannt',
    level: 'PAdES-Stufe',
    trusted: (trusted) =>
      trusted
        ? 'Die Zertifikatskette führt zu einer vertrauenswürdigen Wurzel'
        : 'Keine Kette zu einer vertrauenswürdigen Wurzel',
    revoked: (time) => `Zertifikat widerrufen ${time}`,
    chain: 'Zertifikatskette',
    roles: {
      signing: 'Signaturzertifikat',
      intermediate: 'Zwischenzertifikat',
      anchor: 'Vertrauensanker',
    },
    certificate: (serial, from, to) => `Seriennummer ${serial}, gültig ${from} bis ${to}`,
    issuedBy: (issuer) => `ausgestellt von ${issuer}`,
    sealLabel: 'Validierungsbericht',
    sealReason: 'Validierungsbericht von Signet',
    pageOf: (page, pages) => `Seite ${page} von ${pages}`,
  },
  'fr-ch': {
    heading: 'Rapport de validation des signatures',
    validated: (time) => `Validé le ${time}`,
    document: 'Document',
    sha256: 'SHA-256',
    size: (bytes) => `${bytes} octets`,
    result: 'Résultat',
    indications: {
      'total-passed': 'Valide',
      'total-failed': 'Non valide',
      indeterminate: 'Indéterminé',
    },
    subIndication: 'Motif',
    signatures: (count) => `Signatures (${count})`,
    none: 'Le document n’a pas de signature.',
    signature: (field) => `Signature ${field}`,
    documentTimestamp: (field) => `Horodatage du document ${field}`,
    signer: 'Signataire',
    signingTime: 'Heure de signature (déclarée)',
    provedTime: 'Heure prouvée par l’horodatage',
    quality: 'Qualité',
    unknown: 'inconnue',
    level: 'Niveau PAdES',
    trusted: (trusted) =>
      trusted
        ? 'La chaîne de certificats mène à une racine de confiance'
        : 'Aucune chaîne vers une racine de confiance',
    revoked: (time) => `Certificat révoqué le ${time}`,
    chain: 'Chaîne de certificats',
    roles: {
      signing: 'Certificat de signature',
      intermediate: 'Intermédiaire',
      anchor: 'Ancre de confiance',
    },
    certificate: (serial, from, to) => `numéro de série ${serial}, valable du ${from} au ${to}`,
    issuedBy: (issuer) => `émis par ${issuer}`,
    sealLabel: 'Rapport de validation',
    sealReason: 'Rapport de validation de Signet',
    pageOf: (page, pages) => `Page ${page} sur ${pages}`,
  },
  it: {
    heading: 'Rapporto di validazione delle firme',
    validated: (time) => `Validato il ${time}`,
    document: 'Documento',
    sha256: 'SHA-256',
    size: (bytes) => `${bytes} byte`,
    result: 'Risultato',
    indications: {
      'total-passed': 'Valida',
      'total-failed': 'Non valida',
      indeterminate: 'Indeterminata',
    },
    subIndication: 'Motivo',
    signatures: (count) => `Firme (${count})`,
    none: 'Il documento non ha firme.',
    signature: (field) => `Firma ${field}`,
    documentTimestamp: (field) => `Marca temporale del documento ${field}`,
    signer: 'Firmatario',
    signingTime: 'Ora della firma (dichiarata)',
    provedTime: 'Ora provata dalla marca temporale',
    quality: 'Qualità',
    unknown: 'sconosciuta',
    level: 'Livello PAdES',
    trusted: (trusted) =>
      trusted
        ? 'La catena di certificati porta a una radice attendibile'
        : 'Nessuna catena verso una radice attendibile',
    revoked: (time) => `Certificato revocato il ${time}`,
    chain: 'Catena di certificati',
    roles: {
      signing: 'Certificato di firma',
      intermediate: 'Intermedio',
      anchor: 'Ancora di fiducia',
    },
    certificate: (serial, from, to) => `numero di serie ${serial}, valido dal ${from} al ${to}`,
    issuedBy: (issuer) => `emesso da ${issuer}`,
    sealLabel: 'Rapporto di validazione',
    sealReason: 'Rapporto di validazione di Signet',
    pageOf: (page, pages) => `Pagina ${page} di ${pages}`,
  },
}
